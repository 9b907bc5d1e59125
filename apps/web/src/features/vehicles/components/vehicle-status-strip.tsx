import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BatteryChargingFullIcon from '@mui/icons-material/BatteryChargingFull';
import BoltIcon from '@mui/icons-material/Bolt';
import CarRepairIcon from '@mui/icons-material/CarRepair';
import KeyIcon from '@mui/icons-material/Key';
import KeyOffIcon from '@mui/icons-material/KeyOff';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import BlockIcon from '@mui/icons-material/Block';
import PowerIcon from '@mui/icons-material/Power';
import RouteIcon from '@mui/icons-material/Route';
import SpeedIcon from '@mui/icons-material/Speed';
import UpdateIcon from '@mui/icons-material/Update';
import { useTranslation } from 'react-i18next';
import type { FuelType, VehicleStatus } from '@fleetdesk/contract';
import { useFormat } from '@/lib/format/use-format';
import { BATTERY_PALETTE, formatKm, formatLevel, formatVoltage, isElectric, levelColour } from './status-display';

interface StatusItemProps {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  color?: string;
  testId?: string;
  colourName?: string;
}

/** One figure of the strip: an icon, the value, and its name for screen readers and the tooltip. */
function StatusItem({ icon, label, value, color, testId, colourName }: StatusItemProps) {
  return (
    <Tooltip title={label}>
      <Stack
        direction="row"
        spacing={0.5}
        data-testid={testId}
        data-colour={colourName}
        aria-label={`${label}: ${typeof value === 'string' ? value : ''}`.trim()}
        sx={{ alignItems: 'center', color: color ?? 'text.primary', '& svg': { fontSize: 18 }, whiteSpace: 'nowrap' }}
      >
        {icon}
        <Typography variant="body2" component="span" sx={{ fontWeight: 500, color: 'inherit' }}>
          {value}
        </Typography>
      </Stack>
    </Tooltip>
  );
}

interface VehicleStatusStripProps {
  status: VehicleStatus | null;
  fuelType: FuelType;
}

/**
 * The status line of the card (§3 Vehicle status, §9): charge or fuel with its colour, range, external battery
 * voltage, odometer, lock and immobilizer state, charging, the key holder, and when it was last reported.
 */
export function VehicleStatusStrip({ status, fuelType }: VehicleStatusStripProps) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!status) {
    return (
      <Typography variant="body2" color="text.disabled" data-testid="vehicle-status" data-colour="grey">
        {t('vehicles.status.none')}
      </Typography>
    );
  }
  const electric = isElectric(fuelType);
  const fuelAlarm = status.alarms.some((alarm) => alarm.name === 'FUEL' && alarm.triggered);
  const colour = levelColour(fuelType, status.fuelLevel, status.isRefueling, fuelAlarm);
  const levelText = formatLevel(fuelType, status.fuelLevel, format.number) || t('vehicles.status.unknown');
  const unknown = t('vehicles.status.unknown');

  return (
    <Stack direction="row" data-testid="vehicle-status" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.75, alignItems: 'center' }}>
      <StatusItem
        testId="vehicle-level"
        colourName={colour}
        icon={electric ? <BatteryChargingFullIcon /> : <LocalGasStationIcon />}
        label={electric ? t('vehicles.status.charge') : t('vehicles.status.fuel')}
        value={levelText}
        color={colour === 'neutral' ? undefined : BATTERY_PALETTE[colour]}
      />
      {status.isRefueling && (
        <StatusItem
          testId="vehicle-charging"
          icon={<PowerIcon />}
          label={t('vehicles.status.charging')}
          value={t('vehicles.status.charging')}
          color="info.main"
        />
      )}
      <StatusItem
        icon={<RouteIcon />}
        label={t('vehicles.status.range')}
        value={status.dte === null ? unknown : formatKm(status.dte, format.number)}
      />
      <StatusItem
        testId="vehicle-voltage"
        icon={<BoltIcon />}
        label={t('vehicles.status.voltage')}
        value={status.carBatteryVoltage === null ? unknown : formatVoltage(status.carBatteryVoltage, format.number)}
        color={status.alarms.some((alarm) => alarm.name === 'EXTERNAL_BATTERY' && alarm.triggered) ? 'error.main' : undefined}
      />
      <StatusItem
        icon={<SpeedIcon />}
        label={t('vehicles.status.odometer')}
        value={status.odometer === null ? unknown : formatKm(status.odometer, format.number)}
      />
      <StatusItem
        testId="vehicle-lock-state"
        icon={status.locked === false ? <LockOpenIcon /> : <LockIcon />}
        label={t('vehicles.status.lockState')}
        value={status.locked === null ? unknown : status.locked ? t('vehicles.status.locked') : t('vehicles.status.unlocked')}
        color={status.locked === false ? 'warning.main' : undefined}
      />
      <StatusItem
        testId="vehicle-immobilizer-state"
        icon={status.immobilized ? <BlockIcon /> : <CarRepairIcon />}
        label={t('vehicles.status.immobilizer')}
        value={status.immobilized === null ? unknown : status.immobilized ? t('vehicles.status.immobilized') : t('vehicles.status.mobilized')}
        color={status.immobilized ? 'error.main' : undefined}
      />
      {status.keyholder !== null && (
        <StatusItem
          icon={status.keyholder ? <KeyIcon /> : <KeyOffIcon />}
          label={t('vehicles.status.keyholder')}
          value={status.keyholder ? t('vehicles.status.keyInHolder') : t('vehicles.status.keyMissing')}
          color={status.keyholder ? undefined : 'error.main'}
        />
      )}
      <Box sx={{ flexGrow: 1 }} />
      <StatusItem
        icon={<UpdateIcon />}
        label={t('vehicles.status.updated')}
        value={format.dateTime(status.updated) || unknown}
        color="text.secondary"
      />
    </Stack>
  );
}
