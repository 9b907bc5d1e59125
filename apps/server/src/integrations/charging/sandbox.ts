import { createHash, randomInt } from 'node:crypto';
import type { ChargingActivationData, ChargingBooking, ChargingProvider } from './provider.ts';

/** How long a sandbox PIN is valid after the booking start (capped by the booking end). */
export const SANDBOX_PIN_VALIDITY_AFTER_START_MS = 30 * 60_000;
/** Terminals per station in the sandbox. */
const TERMINALS_PER_STATION = 4;

/**
 * The built-in charging provider: a random 4-digit PIN, a terminal at the pool's charging station (its
 * wattWorldStationName, or a number derived from the pool id) chosen deterministically from the bid, valid until
 * the booking start + 30 minutes or the booking end, whichever comes first.
 */
export function sandboxChargingProvider(random: () => number = () => randomInt(0, 10_000)): ChargingProvider {
  return {
    async activationData(booking: ChargingBooking): Promise<ChargingActivationData> {
      const pinCode = String(random() % 10_000).padStart(4, '0');
      const terminal = 1 + (createHash('sha256').update(booking.bid).digest().readUInt32BE(0) % TERMINALS_PER_STATION);
      const station = booking.pool.wattWorldStationName?.trim() || `T${String(booking.pool.id).padStart(4, '0')}`;
      const validUntil = new Date(Math.min(booking.startTime.getTime() + SANDBOX_PIN_VALIDITY_AFTER_START_MS, booking.endTime.getTime()));
      return { pinCode, recommendedTerminalNumber: `${station}-${terminal}`, validUntil };
    },
  };
}
