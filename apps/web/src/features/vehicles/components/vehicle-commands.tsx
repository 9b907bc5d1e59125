import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import BlockIcon from '@mui/icons-material/Block';
import CarRepairIcon from '@mui/icons-material/CarRepair';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import EventNoteIcon from '@mui/icons-material/EventNote';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useTranslation } from 'react-i18next';
import { ZVehicleCommand, type RemoteCommand, type Vehicle, type VehicleCommand, type VehicleCommandResult } from '@fleetdesk/contract';
import { useFormat } from '@/lib/format/use-format';
import { commandNeedsReason, type VehicleCommandsState } from '../api/use-vehicle-commands';
import { AppHrefLink } from '@/components/app-href-link';
import { VehicleTextDialog } from './vehicle-dialogs';

const COMMAND_ICONS: Record<RemoteCommand, ReactNode> = {
  LOCK: <LockIcon fontSize="small" />,
  UNLOCK: <LockOpenIcon fontSize="small" />,
  MOBILIZE: <CarRepairIcon fontSize="small" />,
  IMMOBILIZE: <BlockIcon fontSize="small" />,
  REBOOT: <RestartAltIcon fontSize="small" />,
  WAKE_UP: <NotificationsActiveIcon fontSize="small" />,
};

export const REASON_MAX = 500;

/** The vehicle commands the card offers, in a fixed order, by the vehicle's actions list (§6). */
export const offeredCommands = (actions: readonly VehicleCommand[], { withImmobilize }: { withImmobilize: boolean }) =>
  ZVehicleCommand.options.filter((command) => actions.includes(command) && (withImmobilize || command !== 'IMMOBILIZE'));

/** Asks for the reason of a command when §4/§6 need one, then sends it. */
function useCommandLauncher(vehicle: Vehicle, commands: VehicleCommandsState) {
  const [askingFor, setAskingFor] = useState<RemoteCommand | null>(null);
  const launch = (command: RemoteCommand) => {
    if (commandNeedsReason(command, vehicle.activeBookingBid)) setAskingFor(command);
    else commands.send(command);
  };
  const dialogFor = askingFor ?? commands.reasonNeededFor;
  const close = () => {
    setAskingFor(null);
    commands.clearReasonNeeded();
  };
  return { launch, dialogFor, close };
}

function ReasonDialog({ command, vehicle, onSubmit, onClose }: { command: RemoteCommand; vehicle: Vehicle; onSubmit: (reason: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <VehicleTextDialog
      title={t('vehicles.commands.reasonTitle', { command: t(`vehicles.commands.${command}`), registration: vehicle.registrationNumber })}
      intro={
        vehicle.activeBookingBid
          ? t('vehicles.commands.reasonIntroBooked', { bid: vehicle.activeBookingBid })
          : t('vehicles.commands.reasonIntro')
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

/**
 * The actions menu (§2, §6): lock, unlock, mobilize, immobilize as the actions list offers them, the agent's
 * reboot and wake-up, the journal (vehicle log modal) and the vehicle's event log (/event?vin=).
 */
export function VehicleActionsMenu({ vehicle, commands, onOpenJournal }: VehicleActionsMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { launch, dialogFor, close } = useCommandLauncher(vehicle, commands);
  const offered = offeredCommands(vehicle.actions, { withImmobilize: true });
  const hasAgent = vehicle.agentHardwareType !== 'none';
  const pick = (command: RemoteCommand) => {
    setAnchor(null);
    launch(command);
  };

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        endIcon={commands.busy ? <CircularProgress size={14} aria-hidden /> : <MoreVertIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
      >
        {t('vehicles.actions.menu')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {offered.map((command) => (
          <MenuItem key={command} onClick={() => pick(command)} disabled={commands.busy}>
            <ListItemIcon>{COMMAND_ICONS[command]}</ListItemIcon>
            <ListItemText>{t(`vehicles.commands.${command}`)}</ListItemText>
          </MenuItem>
        ))}
        {offered.length > 0 && <Divider />}
        {(['REBOOT', 'WAKE_UP'] as const).map((command) => (
          <MenuItem key={command} onClick={() => pick(command)} disabled={commands.busy || !hasAgent}>
            <ListItemIcon>{COMMAND_ICONS[command]}</ListItemIcon>
            <ListItemText>{t(`vehicles.commands.${command}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onOpenJournal();
          }}
        >
          <ListItemIcon>
            <MenuBookIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('vehicles.actions.journal')}</ListItemText>
        </MenuItem>
        <MenuItem component={AppHrefLink} href={`/event?vin=${encodeURIComponent(vehicle.vin)}`} underline="none" color="inherit" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <EventNoteIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('vehicles.actions.eventLog')}</ListItemText>
        </MenuItem>
      </Menu>
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
  const offered = offeredCommands(vehicle.actions, { withImmobilize: false });
  if (offered.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {offered.map((command) => (
        <Button key={command} size="small" variant="outlined" startIcon={COMMAND_ICONS[command]} disabled={commands.busy} onClick={() => launch(command)}>
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
        shown.state === 'PENDING' ? (
          <CircularProgress size={12} aria-hidden />
        ) : shown.state === 'SUCCEEDED' ? (
          <CheckCircleIcon />
        ) : (
          <ErrorIcon />
        )
      }
      label={`${current ? '' : `${t('vehicles.commands.last')}: `}${label}${failedMessage}`}
      sx={{ maxWidth: '100%' }}
    />
  );
}
