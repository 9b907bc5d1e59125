import { useState, type ReactElement } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import BlockIcon from '@mui/icons-material/Block';
import BuildIcon from '@mui/icons-material/Build';
import CarRepairIcon from '@mui/icons-material/CarRepair';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import EventNoteIcon from '@mui/icons-material/EventNote';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useTranslation } from 'react-i18next';
import { ALLOWED, VEHICLE_ABILITY_KEYS, type RemoteCommand, type Vehicle, type VehicleCommandResult } from '@fleetdesk/contract';
import { ActionsMenu, type ActionsMenuItem } from '@/components/actions-menu';
import { useFormat } from '@/lib/format/use-format';
import type { VehicleCommandsState } from '../api/use-vehicle-commands';
import { VehicleTextDialog } from './lazy-forms';
import { BackInServiceDialog, OutOfServiceDialog } from './lazy-out-of-service';

const COMMAND_ICONS: Record<RemoteCommand, ReactElement> = {
  LOCK: <LockIcon fontSize="small" />,
  UNLOCK: <LockOpenIcon fontSize="small" />,
  MOBILIZE: <CarRepairIcon fontSize="small" />,
  IMMOBILIZE: <BlockIcon fontSize="small" />,
  REBOOT: <RestartAltIcon fontSize="small" />,
  WAKE_UP: <NotificationsActiveIcon fontSize="small" />,
};

export const REASON_MAX = 500;

/** Asks for the reason of a command when the server says it needs one (Vehicle.commandsNeedingReason), then sends it. */
function useCommandLauncher(vehicle: Vehicle, commands: VehicleCommandsState) {
  const [askingFor, setAskingFor] = useState<RemoteCommand | null>(null);
  const launch = (command: RemoteCommand) => {
    if (vehicle.commandsNeedingReason.includes(command)) setAskingFor(command);
    else commands.send(command);
  };
  const dialogFor = askingFor ?? commands.reasonNeededFor;
  const close = () => {
    setAskingFor(null);
    commands.clearReasonNeeded();
  };
  return { launch, dialogFor, close };
}

function ReasonDialog({
  command,
  vehicle,
  onSubmit,
  onClose,
}: {
  command: RemoteCommand;
  vehicle: Vehicle;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <VehicleTextDialog
      title={t('vehicles.commands.reasonTitle', { command: t(`vehicles.commands.${command}`), registration: vehicle.registrationNumber })}
      intro={
        vehicle.activeBookingBid ? t('vehicles.commands.reasonIntroBooked', { bid: vehicle.activeBookingBid }) : t('vehicles.commands.reasonIntro')
      }
      label={t('vehicles.commands.reason')}
      maxLength={REASON_MAX}
      required
      submitLabel={t(`vehicles.commands.${command}`)}
      color={command === 'IMMOBILIZE' ? 'error' : 'primary'}
      pending={false}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}

interface VehicleActionsMenuProps {
  vehicle: Vehicle;
  commands: VehicleCommandsState;
  onOpenJournal: () => void;
}

type VehicleMenuKey = RemoteCommand | 'JOURNAL' | 'EVENT_LOG' | 'OUT_OF_SERVICE' | 'BACK_IN_SERVICE';

/**
 * The actions menu (§2, §6), drawn from the vehicle's abilities (issue 16): lock, unlock, mobilize, immobilize and the
 * agent's reboot and wake-up as the server offers them (unavailable ones with the reason), out of service or back in
 * service (issue 19 point 5, each a lazily loaded dialog), then the journal (vehicle log modal) and the vehicle's event
 * log (/event?vin=). Immobilize, and every command during a trip, asks for a reason.
 */
export function VehicleActionsMenu({ vehicle, commands, onOpenJournal }: VehicleActionsMenuProps) {
  const { t } = useTranslation();
  const { launch, dialogFor, close } = useCommandLauncher(vehicle, commands);
  const [serviceDialog, setServiceDialog] = useState<'OUT_OF_SERVICE' | 'BACK_IN_SERVICE' | null>(null);
  const items: ActionsMenuItem<VehicleMenuKey>[] = [
    ...VEHICLE_ABILITY_KEYS.map((command) => ({
      key: command,
      label: t(`vehicles.commands.${command}`),
      icon: COMMAND_ICONS[command],
      ability: vehicle.abilities[command],
      destructive: command === 'IMMOBILIZE',
      group: command === 'REBOOT' || command === 'WAKE_UP' ? 2 : 1,
    })),
    {
      key: 'OUT_OF_SERVICE',
      label: t('vehicles.outOfService.menu'),
      icon: <BuildIcon fontSize="small" />,
      ability: vehicle.abilities.outOfService,
      destructive: true,
      group: 3,
    },
    {
      key: 'BACK_IN_SERVICE',
      label: t('vehicles.outOfService.backMenu'),
      icon: <CheckCircleIcon fontSize="small" />,
      ability: vehicle.abilities.backInService,
      group: 3,
    },
    { key: 'JOURNAL', label: t('vehicles.actions.journal'), icon: <MenuBookIcon fontSize="small" />, ability: ALLOWED, group: 4 },
    {
      key: 'EVENT_LOG',
      label: t('vehicles.actions.eventLog'),
      icon: <EventNoteIcon fontSize="small" />,
      ability: ALLOWED,
      group: 4,
      href: `/event?vin=${encodeURIComponent(vehicle.vin)}`,
    },
  ];
  const choose = (key: VehicleMenuKey) => {
    if (key === 'JOURNAL') onOpenJournal();
    else if (key === 'OUT_OF_SERVICE' || key === 'BACK_IN_SERVICE') setServiceDialog(key);
    else if (key !== 'EVENT_LOG') launch(key);
  };

  return (
    <>
      <ActionsMenu
        label={t('vehicles.actions.menu')}
        items={items}
        onChoose={choose}
        busy={commands.busy}
        buttonStyle="outlined"
        testId="vehicle-actions"
      />
      {serviceDialog === 'OUT_OF_SERVICE' && <OutOfServiceDialog vehicle={vehicle} onClose={() => setServiceDialog(null)} />}
      {serviceDialog === 'BACK_IN_SERVICE' && <BackInServiceDialog vehicle={vehicle} onClose={() => setServiceDialog(null)} />}
      {dialogFor && (
        <ReasonDialog
          command={dialogFor}
          vehicle={vehicle}
          onClose={close}
          onSubmit={(reason) => {
            commands.send(dialogFor, reason);
            close();
          }}
        />
      )}
    </>
  );
}

/** The booking card's view: lock, unlock and mobilize as buttons; immobilize is never rendered there (§6). */
export function VehicleCommandButtons({ vehicle, commands }: { vehicle: Vehicle; commands: VehicleCommandsState }) {
  const { t } = useTranslation();
  const { launch, dialogFor, close } = useCommandLauncher(vehicle, commands);
  // The commands the server allows now, immobilize left out (§6: never on the booking card).
  const offered = (['LOCK', 'UNLOCK', 'MOBILIZE'] as const).filter((command) => vehicle.abilities[command].allowed);
  if (offered.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {offered.map((command) => (
        <Button
          key={command}
          size="small"
          variant="outlined"
          startIcon={COMMAND_ICONS[command]}
          disabled={commands.busy}
          onClick={() => launch(command)}
        >
          {t(`vehicles.commands.${command}`)}
        </Button>
      ))}
      {dialogFor && (
        <ReasonDialog
          command={dialogFor}
          vehicle={vehicle}
          onClose={close}
          onSubmit={(reason) => {
            commands.send(dialogFor, reason);
            close();
          }}
        />
      )}
    </Stack>
  );
}

const isRemoteCommand = (value: string): value is RemoteCommand => ['LOCK', 'UNLOCK', 'MOBILIZE', 'IMMOBILIZE', 'REBOOT', 'WAKE_UP'].includes(value);

/**
 * The state of the command last sent from this card (pending until the vehicle answers, then succeeded or
 * failed), else the vehicle's last command as the server knows it.
 */
export function CommandState({ current, lastCommand }: { current: VehicleCommandResult | null; lastCommand: Vehicle['lastCommand'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const shown = current
    ? { command: current.command as string, state: current.state, at: current.completedAt ?? current.requestedAt, message: current.message }
    : lastCommand;
  if (!shown) return null;
  const name = isRemoteCommand(shown.command) ? t(`vehicles.commands.${shown.command}`) : shown.command;
  const label = t(`vehicles.commands.state.${shown.state}`, { command: name, at: format.dateTime(shown.at) });
  const failedMessage = shown.state === 'FAILED' && shown.message ? ` – ${shown.message}` : '';
  return (
    <Chip
      size="small"
      variant="outlined"
      data-testid="vehicle-command-state"
      data-state={shown.state}
      color={shown.state === 'SUCCEEDED' ? 'success' : shown.state === 'FAILED' ? 'error' : 'info'}
      icon={
        shown.state === 'PENDING' ? <CircularProgress size={12} aria-hidden /> : shown.state === 'SUCCEEDED' ? <CheckCircleIcon /> : <ErrorIcon />
      }
      label={`${current ? '' : `${t('vehicles.commands.last')}: `}${label}${failedMessage}`}
      sx={{ maxWidth: '100%' }}
    />
  );
}
