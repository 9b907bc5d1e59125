import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BuildIcon from '@mui/icons-material/Build';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlaceIcon from '@mui/icons-material/Place';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Vehicle, VehicleOutOfService, VehicleStatus } from '@fleetdesk/contract';
import { useVehicleCommands } from '../api/use-vehicle-commands';
import { useVehicleStatus } from '../api/vehicle-status-polling';
import { vehicleQueryOptions } from '../api/vehicles-api';
import { AppHrefLink } from '@/components/app-href-link';
import { useFormat } from '@/lib/format/use-format';
import { navItemProps } from '@/lib/shortcuts/list-navigation';
import { PinnedNotesBanner } from '@/features/customer-notes';
import { JournalDialog, VehicleCardDetails, preloadVehicleCardDetails } from './lazy-card-parts';
import { CommandState, VehicleActionsMenu, VehicleCommandButtons } from './vehicle-commands';
import { VehicleStatusStrip } from './vehicle-status-strip';

/** Where a vehicle card is shown: in the support search results, on its own page, or inside a booking card. */
export type VehicleCardVariant = 'search' | 'page' | 'booking';

export interface VehicleCardProps {
  vehicle: Vehicle;
  variant: VehicleCardVariant;
  /** Search results: the card is collapsible (§4 "Vehicle card: expanded or collapsed"); expanding loads events and damage. */
  expanded?: boolean;
  onToggleExpanded?: () => void;
  /** Search results: pinning toggles selection (§2). */
  pinned?: boolean;
  onTogglePinned?: () => void;
}

/** The alarm chips of the status (external battery, fuel, key holder), only those that are triggered. */
function AlarmChips({ status }: { status: VehicleStatus | null }) {
  const { t } = useTranslation();
  const triggered = status?.alarms.filter((alarm) => alarm.triggered) ?? [];
  if (triggered.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="vehicle-alarm-chips">
      {triggered.map((alarm) => (
        <Chip key={alarm.name} size="small" color="error" icon={<WarningAmberIcon />} label={t(`vehicles.alarms.names.${alarm.name}`)} />
      ))}
    </Stack>
  );
}

/** Out of service (issue 19 point 5): until when it is expected back, and why. */
function OutOfServiceChip({ outOfService }: { outOfService: VehicleOutOfService }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }} data-testid="vehicle-out-of-service">
      <Chip
        size="small"
        color="warning"
        icon={<BuildIcon />}
        label={t('vehicles.outOfService.chip', { expectedReturn: format.dateTime(outOfService.expectedReturn) })}
      />
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {outOfService.reason}
      </Typography>
    </Stack>
  );
}

/**
 * The vehicle card (§2 Vehicle page and card): header, live status (§9), alarms, remote commands (§6) and,
 * when expanded or on the vehicle page, the public note, parking place info, details, the booking timeline
 * (§4), the last day's events, known damage and the actions menu with the journal.
 */
export function VehicleCard({ vehicle: given, variant, expanded = false, onToggleExpanded, pinned = false, onTogglePinned }: VehicleCardProps) {
  const { t } = useTranslation();
  // The card keeps the vehicle fresh itself: after a command it is refetched and its actions flip (locked →
  // UNLOCK offered). Between commands the status poll keeps the figures fresh, so the copy never goes stale.
  const { data: vehicle = given } = useQuery({ ...vehicleQueryOptions(given.vin), initialData: given, staleTime: Infinity });
  const status = useVehicleStatus(vehicle.vin, vehicle.status);
  const commands = useVehicleCommands(vehicle.vin);
  const [journalOpen, setJournalOpen] = useState(false);
  const showDetails = variant === 'page' || (variant === 'search' && expanded);
  const headingLevel = variant === 'page' ? 'h1' : 'h2';
  const meta = [vehicle.modelName, t(`vehicles.categories.${vehicle.vehicleCategory}`), vehicle.color].filter(Boolean).join(' · ');

  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={vehicle.registrationNumber}
      data-testid="vehicle-card"
      data-vin={vehicle.vin}
      sx={{ p: 1.5 }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography variant="h6" component={headingLevel} sx={{ fontWeight: 700, lineHeight: 1.3 }}>
              {variant === 'page' ? (
                vehicle.registrationNumber
              ) : (
                <AppHrefLink href={`/vehicles/${encodeURIComponent(vehicle.vin)}`} underline="hover" color="inherit" {...navItemProps}>
                  {vehicle.registrationNumber}
                </AppHrefLink>
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {vehicle.longPresentation}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.25 }}>
            <Typography variant="body2" color="text.secondary">
              {meta}
            </Typography>
            <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <PlaceIcon sx={{ fontSize: 16 }} aria-hidden />
              <Typography variant="body2" color="inherit">
                {vehicle.pool ? `${vehicle.pool.city} – ${vehicle.pool.pool}` : t('vehicles.card.noPool')}
              </Typography>
            </Stack>
            {vehicle.activeBookingBid && (
              <Typography variant="body2">
                {t('vehicles.card.activeBooking')}{' '}
                <AppHrefLink href={`/booking/${vehicle.activeBookingBid}`} sx={{ fontWeight: 600 }}>
                  {vehicle.activeBookingBid}
                </AppHrefLink>
              </Typography>
            )}
          </Stack>
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
          {variant !== 'booking' && <VehicleActionsMenu vehicle={vehicle} commands={commands} onOpenJournal={() => setJournalOpen(true)} />}
          {variant === 'search' && onTogglePinned && (
            <Tooltip title={pinned ? t('vehicles.card.unpin') : t('vehicles.card.pin')}>
              <IconButton
                size="small"
                aria-pressed={pinned}
                aria-label={pinned ? t('vehicles.card.unpin') : t('vehicles.card.pin')}
                onClick={onTogglePinned}
                color={pinned ? 'primary' : 'default'}
              >
                {pinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
              </IconButton>
            </Tooltip>
          )}
          {variant === 'search' && onToggleExpanded && (
            <Tooltip title={expanded ? t('vehicles.card.collapse') : t('vehicles.card.expand')}>
              <IconButton
                size="small"
                aria-expanded={expanded}
                aria-label={expanded ? t('vehicles.card.collapse') : t('vehicles.card.expand')}
                onClick={onToggleExpanded}
                onPointerEnter={preloadVehicleCardDetails}
                onFocus={preloadVehicleCardDetails}
              >
                {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </Stack>

      <Box sx={{ mt: 1, px: 1.25, py: 0.75, borderRadius: 1, bgcolor: 'action.hover' }}>
        <VehicleStatusStrip status={status} fuelType={vehicle.primaryFuelType} />
      </Box>
      {/* Pinned notes where the vehicle is looked at: its page, a booking's card, an opened search result (not every collapsed hit). */}
      {(showDetails || variant === 'booking') && (
        <Box sx={{ mt: 1, '&:empty': { display: 'none' } }}>
          <PinnedNotesBanner subjectType="VEHICLE" subjectId={vehicle.vin} />
        </Box>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.75, flexWrap: 'wrap', alignItems: 'center', '&:empty': { display: 'none' } }}>
        {vehicle.outOfService && <OutOfServiceChip outOfService={vehicle.outOfService} />}
        <AlarmChips status={status} />
        <CommandState current={commands.current} lastCommand={vehicle.lastCommand} />
      </Stack>
      {variant === 'booking' && (
        <Box sx={{ mt: 1 }}>
          <VehicleCommandButtons vehicle={vehicle} commands={commands} />
        </Box>
      )}

      {variant !== 'booking' && (
        <Collapse in={showDetails} unmountOnExit timeout={variant === 'page' ? 0 : 'auto'}>
          <VehicleCardDetails vehicle={vehicle} />
        </Collapse>
      )}
      {journalOpen && <JournalDialog vehicle={vehicle} onClose={() => setJournalOpen(false)} />}
    </Card>
  );
}
