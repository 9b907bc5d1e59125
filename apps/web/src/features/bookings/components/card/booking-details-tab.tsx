import type { ReactNode } from 'react';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DirectionsCarOutlinedIcon from '@mui/icons-material/DirectionsCarOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { AdjustedValues, Booking, VehicleSpecification } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { BookingVehicleControls } from '@/features/vehicles';
import { useFormat } from '@/lib/format/use-format';
import { bookingMetadataSpecQueryOptions } from '../../api/booking-card-api';
import { AppHrefLink } from '@/components/app-href-link';
import { useBookingCard } from './booking-card-context';
import { DetailList, DetailRow, DetailSection, NO_VALUE } from './detail-section';
import { userPath, vehiclePath } from './paths';
import { useMailReceipt } from './use-booking-action';

function useIntervalText() {
  const format = useFormat();
  return (start: string | null | undefined, end: string | null | undefined, openEnd: string): string => {
    if (!start) return NO_VALUE;
    const from = format.dateTime(start);
    if (!end) return `${from} – ${openEnd}`;
    const to = format.dateTime(end);
    const sameDay = format.date(start) === format.date(end);
    // Same day: the end as HH:mm only (the last five characters of YYYY-MM-DD HH:mm).
    return `${from} – ${sameDay ? to.slice(-5) : to}`;
  };
}

function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return value ? (
    <Box component="span" sx={{ fontWeight: 600 }}>
      {t('bookingCard.common.yes')}
    </Box>
  ) : (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {t('bookingCard.common.no')}
    </Box>
  );
}

function CustomerSection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <DetailSection title={t('bookingCard.details.customer')} icon={<PersonOutlineIcon />}>
      <DetailList>
        <DetailRow label={t('bookingCard.details.user')}>
          {booking.user ? (
            <AppHrefLink href={userPath(booking.user.username)}>
              {booking.user.fullNameLastFirst} ({booking.user.username})
            </AppHrefLink>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('bookingCard.details.noUser')}
            </Box>
          )}
        </DetailRow>
        <DetailRow label={t('bookingCard.details.contract')}>
          {t('bookingCard.details.contractName', { name: booking.contract.name, id: booking.contractId })}
        </DetailRow>
        <DetailRow label={t('bookingCard.details.tripType')}>{t(`bookingCard.tripType.${booking.tripType}`)}</DetailRow>
        <DetailRow label={t('bookingCard.details.note')}>
          {booking.note ? (
            <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
              {booking.note}
            </Box>
          ) : null}
        </DetailRow>
      </DetailList>
    </DetailSection>
  );
}

function TimeSection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const format = useFormat();
  const interval = useIntervalText();
  const booked = booking.bookedInterval;
  const usage = booking.usageTime;
  const bookedMs = Date.parse(booked.end) - Date.parse(booked.start);
  const usageMs = usage?.start && usage.end ? Date.parse(usage.end) - Date.parse(usage.start) : null;
  return (
    <DetailSection title={t('bookingCard.details.times')} icon={<AccessTimeIcon />}>
      <DetailList>
        <DetailRow label={t('bookingCard.details.booked')}>
          {interval(booked.start, booked.end, '')}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {' '}
            ({format.duration(bookedMs)})
          </Box>
        </DetailRow>
        <DetailRow label={t('bookingCard.details.usage')}>
          {usage?.start ? (
            <>
              {interval(usage.start, usage.end, t('bookingCard.details.ongoing'))}
              {usageMs !== null && (
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {' '}
                  ({format.duration(usageMs)})
                </Box>
              )}
            </>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('bookingCard.details.notStarted')}
            </Box>
          )}
        </DetailRow>
        <DetailRow label={t('bookingCard.details.irrevocableUntil')}>
          {booking.irrevocableUntil ? format.dateTime(booking.irrevocableUntil) : null}
        </DetailRow>
      </DetailList>
    </DetailSection>
  );
}

function PoolsSection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const { fromLocation: from, toLocation: to } = booking;
  const oneWay = from.poolId !== to.poolId;
  return (
    <DetailSection
      title={t('bookingCard.details.pools')}
      icon={<PlaceOutlinedIcon />}
      action={oneWay ? <Chip size="small" color="info" variant="outlined" label={t('bookingCard.details.oneWay')} /> : undefined}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="booking-pools">
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('bookingCard.details.from')}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {from.pool}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {from.city}
          </Typography>
        </Box>
        <ArrowForwardIcon fontSize="small" color="action" aria-label={t('bookingCard.details.to')} />
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('bookingCard.details.to')}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {to.pool}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {to.city}
          </Typography>
        </Box>
      </Stack>
    </DetailSection>
  );
}

function specificationText(spec: VehicleSpecification): string {
  switch (spec.type) {
    case 'CLASS':
      return spec.className;
    case 'MODEL':
      return spec.model ? `${spec.model.modelName} (${spec.model.priceClass})` : `#${spec.modelId}`;
    case 'VEHICLE':
      return spec.vehicle.longPresentation;
  }
}

function VehicleSection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const { vehicle, specification, state } = booking.vehicleAllocation;
  return (
    <DetailSection
      title={t('bookingCard.details.vehicle')}
      icon={<DirectionsCarOutlinedIcon />}
      action={
        <Chip
          size="small"
          variant="outlined"
          color={state === 'ALLOCATED' ? 'success' : 'warning'}
          label={t(`bookingCard.allocationState.${state}`)}
        />
      }
    >
      <DetailList>
        <DetailRow label={t('bookingCard.details.allocatedVehicle')}>
          {vehicle ? (
            <AppHrefLink href={vehiclePath(vehicle.vin)}>{vehicle.longPresentation}</AppHrefLink>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('messages.noVehicle')}
            </Box>
          )}
        </DetailRow>
        {vehicle && <DetailRow label={t('bookingCard.details.vin')}>{vehicle.vin}</DetailRow>}
        <DetailRow label={t('bookingCard.details.specification')}>
          {t(`bookingCard.specType.${specification.type}`)}: {specificationText(specification)}
        </DetailRow>
        <DetailRow label={t('bookingCard.details.category')}>{t(`bookingCard.vehicleCategory.${specification.vehicleCategory}`)}</DetailRow>
      </DetailList>
      {vehicle && state === 'ALLOCATED' && (booking.state === 'ACTIVE' || booking.state === 'INACTIVE') && (
        <Box sx={{ mt: 1.5 }}>
          <BookingVehicleControls vin={vehicle.vin} />
        </Box>
      )}
    </DetailSection>
  );
}

function TripSection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const format = useFormat();
  const km = (value: number | null) =>
    value === null ? null : t('bookingCard.details.km', { distance: format.number(value, Number.isInteger(value) ? 0 : 1) });
  return (
    <DetailSection title={t('bookingCard.details.trip')} icon={<LabelOutlinedIcon />}>
      <DetailList>
        <DetailRow label={t('bookingCard.details.distance')}>{km(booking.distance)}</DetailRow>
        <DetailRow label={t('bookingCard.details.estimatedDistance')}>{km(booking.estimatedDistance)}</DetailRow>
        <DetailRow label={t('bookingCard.details.rideShare')}>{t(`bookingCard.optionalService.${booking.rideShare}`)}</DetailRow>
        <DetailRow label={t('bookingCard.details.taxi')}>{t(`bookingCard.optionalService.${booking.taxiAcceptable}`)}</DetailRow>
        {booking.estimatedPriceWithoutVat !== null && (
          <DetailRow label={t('bookingCard.details.estimatedPrice')}>
            {format.money(booking.estimatedPriceWithoutVat, booking.contract.currency)}
            {booking.estimatedVat !== null && (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {' '}
                {t('bookingCard.details.plusVat', { vat: format.number(booking.estimatedVat) })}
              </Box>
            )}
          </DetailRow>
        )}
      </DetailList>
    </DetailSection>
  );
}

function FlagsSection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <DetailSection title={t('bookingCard.details.flags')} icon={<FlagOutlinedIcon />}>
      <DetailList>
        <DetailRow label={t('bookingCard.details.checkoutRequired')}>
          <YesNo value={booking.checkoutRequired} />
        </DetailRow>
        <DetailRow label={t('bookingCard.details.allocateOnActivation')}>
          <YesNo value={booking.allocateOnActivation} />
        </DetailRow>
        <DetailRow label={t('bookingCard.details.lockedForUser')}>
          <YesNo value={booking.lockedForUser} />
        </DetailRow>
        <DetailRow label={t('bookingCard.details.technicalIssueReported')}>
          <YesNo value={booking.technicalIssueReported} />
        </DetailRow>
        {booking.paymentsRequiringAuthorization.length > 0 && (
          <DetailRow label={t('bookingCard.details.paymentsRequiringAuthorization')}>{booking.paymentsRequiringAuthorization.join(', ')}</DetailRow>
        )}
      </DetailList>
    </DetailSection>
  );
}

function MetadataSection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const entries = Object.entries(booking.metadata);
  const spec = useQuery({ ...bookingMetadataSpecQueryOptions(booking.bid), enabled: entries.length > 0 });
  const labelOf = (key: string) => spec.data?.find((entry) => entry.key === key)?.label ?? key;
  return (
    <DetailSection title={t('bookingCard.details.metadata')} icon={<EditNoteIcon />} testId="booking-metadata">
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('messages.noMetadata')}
        </Typography>
      ) : (
        <DetailList>
          {entries.map(([key, value]) => (
            <DetailRow key={key} label={labelOf(key)}>
              {value || null}
            </DetailRow>
          ))}
        </DetailList>
      )}
    </DetailSection>
  );
}

function AdjustedValuesSection({ values }: { values: AdjustedValues }) {
  const { t } = useTranslation();
  const format = useFormat();
  const km = (value: number | null) =>
    value === null ? NO_VALUE : t('bookingCard.details.km', { distance: format.number(value, Number.isInteger(value) ? 0 : 1) });
  const trip = (value: AdjustedValues['adjustedBookingType']) => (value ? t(`bookingCard.tripType.${value}`) : NO_VALUE);
  const rows: { label: string; adjusted: ReactNode; original: ReactNode }[] = [
    {
      label: t('bookingCard.adjusted.start'),
      adjusted: format.dateTime(values.adjustedStartTime) || NO_VALUE,
      original: format.dateTime(values.originalUsageTime?.start) || NO_VALUE,
    },
    {
      label: t('bookingCard.adjusted.end'),
      adjusted: format.dateTime(values.adjustedEndTime) || NO_VALUE,
      original: format.dateTime(values.originalUsageTime?.end) || NO_VALUE,
    },
    { label: t('bookingCard.adjusted.distance'), adjusted: km(values.adjustedDistance), original: km(values.originalTotalDistance) },
    { label: t('bookingCard.adjusted.tripType'), adjusted: trip(values.adjustedBookingType), original: trip(values.originalBookingType) },
  ];
  return (
    <DetailSection
      title={t('bookingCard.adjusted.title')}
      icon={<TuneIcon />}
      testId="booking-adjusted-values"
      action={values.dataQuality ? <Chip size="small" variant="outlined" label={t(`bookingCard.dataQuality.${values.dataQuality}`)} /> : undefined}
    >
      <Table
        size="small"
        aria-label={t('bookingCard.adjusted.title')}
        sx={{ '& th, & td': { px: 1, typography: 'body2' }, '& tr > :first-of-type': { pl: 0 }, '& tbody tr:last-of-type > *': { borderBottom: 0 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>{t('bookingCard.adjusted.adjusted')}</TableCell>
            <TableCell>{t('bookingCard.adjusted.original')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.label}>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary' }}>
                {row.label}
              </TableCell>
              <TableCell sx={{ fontWeight: 500 }}>{row.adjusted}</TableCell>
              <TableCell>{row.original}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </DetailSection>
  );
}

function ReceiptSection({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const receipt = useMailReceipt(booking.bid);
  return (
    <DetailSection title={t('bookingCard.receipt.title')} icon={<ReceiptLongOutlinedIcon />}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {booking.user ? t('bookingCard.receipt.body', { user: booking.user.fullNameLastFirst }) : t('bookingCard.receipt.noUser')}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          onClick={() => receipt.mutate()}
          disabled={receipt.isPending}
          startIcon={receipt.isPending ? <CircularProgress size={14} color="inherit" aria-hidden /> : <ReceiptLongOutlinedIcon />}
        >
          {t('bookingCard.actions.mailReceipt')}
        </Button>
      </Stack>
    </DetailSection>
  );
}

/** The Booking details tab: every field of the booking in dense sections, two columns on wide screens. */
export function BookingDetailsTab() {
  const { booking } = useBookingCard();
  return (
    <Box
      data-testid="booking-details"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <CustomerSection booking={booking} />
        <TimeSection booking={booking} />
        <PoolsSection booking={booking} />
        <TripSection booking={booking} />
      </Stack>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <VehicleSection booking={booking} />
        <FlagsSection booking={booking} />
        <MetadataSection booking={booking} />
        {booking.adjustedValues && <AdjustedValuesSection values={booking.adjustedValues} />}
        {(booking.state === 'FINISHED' || booking.state === 'CANCELLED') && <ReceiptSection booking={booking} />}
      </Stack>
    </Box>
  );
}
