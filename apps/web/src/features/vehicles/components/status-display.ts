import { batteryColour, type BatteryColour, type FuelType } from '@fleetdesk/contract';

/** The theme colour of each §9 battery colour. */
export const BATTERY_PALETTE: Record<BatteryColour, string> = {
  green: 'success.main',
  yellow: 'warning.main',
  red: 'error.main',
  blue: 'info.main',
  grey: 'text.disabled',
};

export const isElectric = (fuelType: FuelType) => fuelType === 'BATTERY';

/**
 * The colour of the charge or fuel figure. Electric vehicles follow §9 (green/yellow/red by level, blue while
 * charging, grey unknown). A tank level is in litres, which says nothing about "how full" without the tank
 * size, so fuel is grey when unknown, red with a FUEL alarm and neutral otherwise (docs/decisions/0020).
 */
export function levelColour(fuelType: FuelType, level: number | null, charging: boolean | null, fuelAlarm: boolean): BatteryColour | 'neutral' {
  if (isElectric(fuelType)) return batteryColour(level, charging);
  if (level === null) return 'grey';
  if (charging) return 'blue';
  return fuelAlarm ? 'red' : 'neutral';
}

/** Electric charge as a whole percent, fuel in whole litres; '' when unknown. */
export function formatLevel(fuelType: FuelType, level: number | null, formatNumber: (value: number, decimals?: number) => string): string {
  if (level === null) return '';
  return isElectric(fuelType) ? `${formatNumber(level, 0)} %` : `${formatNumber(level, 0)} l`;
}

/** Voltage to one decimal (§9). */
export const formatVoltage = (volts: number, formatNumber: (value: number, decimals?: number) => string) => `${formatNumber(volts, 1)} V`;

/** Range and odometer in km. */
export const formatKm = (km: number, formatNumber: (value: number, decimals?: number) => string) => `${formatNumber(km, 0)} km`;
