import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOOKING_FORM_WINDOW_AFTER_MS,
  BOOKING_FORM_WINDOW_BEFORE_MS,
  ZTripType,
  type Booking,
  type BookingCreateRequest,
  type Contract,
  type ErrorEnvelope,
  type VehicleSpecType,
} from '@fleetdesk/contract';
import { Controller, useForm, useWatch, type FieldPath, type FieldPathValue, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '@/components/date-time-field';
import { PageLoading } from '@/components/page-loading';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { useLanguage } from '@/lib/i18n/i18n';
import { envelopeToNotifications } from '@/lib/notifications/error-notifications';
import { notify, notifyError, notifySuccess } from '@/lib/notifications/notify';
import {
  CONVERT_TO_INVOICE_AVAILABLE,
  useAvailability,
  useBookingFormUser,
  useBookingSuggestions,
  useContractRules,
  usePriceEstimate,
  useUpdateBooking,
  useUsablePools,
  useUserBookings,
  useUserContracts,
  type AvailabilityQuery,
  type PriceRequest,
} from '../../api/booking-form-api';
import { BookingCreateDialog } from './booking-create-dialog';
import {
  bookingToFormValues,
  buildBookingFormSchema,
  metadataOf,
  newBookingDefaults,
  NOTE_MAX_LENGTH,
  parseDistance,
  toCreateRequest,
  toUpdateRequest,
  vehicleSpecOf,
  type BookingFormResolverContext,
  type BookingFormRuleContext,
  type BookingFormValues,
} from './booking-form-schema';
import type { SummaryRow } from './booking-summary';
import { evaluateDurationRules, type DurationViolation } from './duration-rules';
import { EstimatePanel } from './estimate-panel';
import { FormSection } from './form-section';
import { MetadataFields } from './metadata-fields';
import { HOUR_MS, isoToWallClock, msToIsoWithOffset, msToWallClock, parseWallClock, startOfLocalDay, wallClockToMs } from './operator-time';
import { PoolField, poolLabel } from './pool-field';
import { ruleDurationText } from './rule-duration-text';
import { useDebouncedValue } from './use-debounced-value';
import { useFormMessage } from './use-form-message';
import { useOperatorTimeZone } from './use-operator-time-zone';
import { UserField, userOptionLabel, type UserOption } from './user-field';
import { VehicleFields } from './vehicle-fields';

/** How long the inputs must rest before the price, availability and own bookings are asked again. */
export const ESTIMATE_DEBOUNCE_MS = 400;

/** The ±1 h push of §5 applies only to plausible years, not to the partial years of a date being typed. */
const PLAUSIBLE_YEARS = { from: 2000, to: 2100 };

export interface BookingFormProps {
  /** Update mode: the booking to change (not cancelled or finished). */
  booking?: Booking;
  /** Creation: the customer to book for (/booking?user=). */
  initialUser?: string;
  /** Creation: the chosen customer changed (the route keeps it in ?user=). */
  onUserChange?: (username: string | undefined) => void;
  /** Creation: the booking was created (the route goes to its card). */
  onCreated?: (booking: Booking) => void;
  /** Update: the changes were saved. */
  onUpdated?: (booking: Booking) => void;
  /** Update: leave the form without saving. */
  onCancel?: () => void;
  /** The operator's zone for reading and writing times; by default that of the session's fleet. */
  timeZone?: string;
}

/**
 * The booking creation and update form (spec §2, every rule of §5 "New or updated booking"). Creation
 * confirms in the dialog of §4; an update is saved directly.
 */
export function BookingForm(props: BookingFormProps) {
  const operatorZone = useOperatorTimeZone();
  const timeZone = props.timeZone ?? operatorZone;
  if (!timeZone) return <PageLoading />;
  return <BookingFormBody key={props.booking?.bid ?? 'new'} {...props} timeZone={timeZone} />;
}

const hasAdminFee = (contract: Contract | null) => Boolean(contract?.priceList.some((entry) => entry.name === 'ADMIN_BOOKING_FEE'));
const adminFeeOf = (contract: Contract | null) => contract?.priceList.find((entry) => entry.name === 'ADMIN_BOOKING_FEE')?.cost ?? null;

const plausible = (value: string) => {
  const wall = parseWallClock(value);
  return wall !== null && wall.year >= PLAUSIBLE_YEARS.from && wall.year <= PLAUSIBLE_YEARS.to;
};

/** Server field names (§8 field errors) onto the form's fields. */
function formFieldOf(field: string | undefined, values: BookingFormValues): FieldPath<BookingFormValues> | null {
  if (!field) return null;
  if (field.startsWith('metadata.')) return field as FieldPath<BookingFormValues>;
  switch (field.split('.')[0]) {
    case 'user':
      return 'user';
    case 'contractId':
      return 'contractId';
    case 'startTime':
      return 'startTime';
    case 'endTime':
      return 'endTime';
    case 'fromLocation':
      return 'fromPoolId';
    case 'toLocation':
      return 'toPoolId';
    case 'estimatedDistance':
      return 'estimatedDistance';
    case 'tripType':
      return 'tripType';
    case 'note':
      return 'note';
    case 'rideShare':
      return 'rideShare';
    case 'taxiAcceptable':
      return 'taxiAcceptable';
    case 'vehicleSpecification':
      return values.vehicleSpecType === 'CLASS' ? 'className' : values.vehicleSpecType === 'MODEL' ? 'modelId' : 'vin';
    default:
      return null;
  }
}

type BodyProps = BookingFormProps & { timeZone: string };

function BookingFormBody({ booking, initialUser, onUserChange, onCreated, onUpdated, onCancel, timeZone }: BodyProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useFormat();
  const fieldMessage = useFormMessage();
  const updating = booking !== undefined;
  const started = Boolean(booking && (booking.state === 'ACTIVE' || booking.usageTime?.start));
  const [nowMs] = useState(() => Date.now());
  const minimum = booking ? isoToWallClock(booking.startTime, timeZone) : startOfLocalDay(nowMs, timeZone);

  const [defaultValues] = useState<BookingFormValues>(() =>
    booking ? bookingToFormValues(booking, timeZone) : newBookingDefaults({ user: initialUser, nowMs, timeZone }),
  );
  const [selectedUser, setSelectedUser] = useState<UserOption | null>(() => {
    if (booking?.user) return { username: booking.user.username, familyName: booking.user.fullNameLastFirst };
    return initialUser ? { username: initialUser } : null;
  });

  // ---- the customer's contracts and pools -------------------------------------------------------------
  const username = selectedUser?.username ?? null;
  const userDetails = useBookingFormUser(updating ? null : username);
  const contractsQuery = useUserContracts(username);
  const poolsQuery = useUsablePools(username);
  const contracts = useMemo(() => contractsQuery.data ?? [], [contractsQuery.data]);
  const pools = useMemo(() => poolsQuery.data ?? [], [poolsQuery.data]);
  const contractOf = useCallback((id: number | null) => contracts.find((c) => c.id === id) ?? null, [contracts]);

  // The checks read the metadata spec of the contract chosen in the values being checked.
  const resolver = useCallback<Resolver<BookingFormValues, BookingFormResolverContext>>(
    (values, context, options) => {
      const spec = context?.contracts.find((c) => c.id === values.contractId)?.metaDataSpec ?? [];
      const rules: BookingFormRuleContext = { timeZone, metadataSpec: spec, minimum, startLocked: started };
      return zodResolver(buildBookingFormSchema(rules))(values, context, options);
    },
    [timeZone, minimum, started],
  );
  const form = useForm<BookingFormValues, BookingFormResolverContext>({ defaultValues, mode: 'onChange', resolver, context: { contracts } });
  const { control, setValue, getValues, trigger, setError, reset, handleSubmit, formState } = form;
  const values = useWatch({ control }) as BookingFormValues;
  const contract = contractOf(values.contractId);
  const suggestionApplied = useRef<string | null>(null);

  const set = useCallback(
    <N extends FieldPath<BookingFormValues>>(name: N, value: FieldPathValue<BookingFormValues, N>) =>
      setValue(name, value, { shouldDirty: true, shouldValidate: true }),
    [setValue],
  );

  // Check again once the contracts (and so the metadata spec) are known.
  useEffect(() => {
    if (contractsQuery.data && formState.isDirty) void trigger();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the contracts arrive
  }, [contractsQuery.data]);

  // The name and status of a customer named in the URL.
  const details = userDetails.data;
  useEffect(() => {
    if (!details) return;
    setSelectedUser((current) =>
      current?.username.toLowerCase() === details.username.toLowerCase() ? { ...current, ...details } : current,
    );
  }, [details]);

  const clearDependants = () => {
    set('contractId', null);
    set('fromPoolId', null);
    set('toPoolId', null);
    set('className', '');
    set('modelId', null);
    set('vin', '');
    set('metadata', {});
    set('taxiAcceptable', false);
    set('adminFeeAdded', false);
  };

  const applyUser = (user: UserOption | null) => {
    setSelectedUser(user);
    set('user', user?.username ?? '');
    clearDependants();
    suggestionApplied.current = null;
  };
  const changeUser = (user: UserOption | null) => {
    applyUser(user);
    onUserChange?.(user?.username);
  };

  // ?user= may change from outside (a link to /booking?user=…) while the form is open.
  useEffect(() => {
    if (updating || !initialUser || initialUser === getValues('user')) return;
    applyUser({ username: initialUser });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the URL names another customer
  }, [initialUser]);

  const changeContract = (id: number | null) => {
    const next = contractOf(id);
    set('contractId', id);
    const { fromPoolId, toPoolId, taxiAcceptable, metadata } = getValues();
    if (!next?.oneWayAllowed && toPoolId !== fromPoolId) set('toPoolId', fromPoolId);
    if (taxiAcceptable && !(fromPoolId !== null && next?.taxiFromPools.includes(fromPoolId))) set('taxiAcceptable', false);
    if (!hasAdminFee(next)) set('adminFeeAdded', false);
    set('metadata', Object.fromEntries((next?.metaDataSpec ?? []).map((entry) => [entry.key, metadata[entry.key] ?? ''])));
    if (!updating && next) set('tripType', next.contractType === 'COMPANY' ? 'BUSINESS' : 'PRIVATE');
  };

  const changeFromPool = (id: number | null) => {
    const { fromPoolId: previous, toPoolId, taxiAcceptable } = getValues();
    set('fromPoolId', id);
    if (!contract?.oneWayAllowed || toPoolId === null || toPoolId === previous) set('toPoolId', id);
    if (taxiAcceptable && !(id !== null && contract?.taxiFromPools.includes(id))) set('taxiAcceptable', false);
  };

  /** §5: a start at or after the end pushes the end to start + 1 h. */
  const changeStart = (value: string) => {
    set('startTime', value);
    const start = wallClockToMs(value, timeZone);
    const end = wallClockToMs(getValues('endTime'), timeZone);
    if (start !== null && plausible(value) && (end === null || start >= end)) set('endTime', msToWallClock(start + HOUR_MS, timeZone));
  };

  /** §5: an end at or before the start pushes the start to end − 1 h (not for a started booking). */
  const changeEnd = (value: string) => {
    set('endTime', value);
    const end = wallClockToMs(value, timeZone);
    const start = wallClockToMs(getValues('startTime'), timeZone);
    if (!started && end !== null && plausible(value) && (start === null || end <= start)) set('startTime', msToWallClock(end - HOUR_MS, timeZone));
  };

  const changeSpecType = (type: VehicleSpecType) => set('vehicleSpecType', type);
  const chooseVehicle = (vin: string) => {
    set('vehicleSpecType', 'VEHICLE');
    set('vin', vin);
  };

  // ---- suggestions: a new booking starts from the customer's last choices --------------------------------
  const suggestions = useBookingSuggestions(username, !updating && values.contractId === null);
  useEffect(() => {
    if (updating || !username || suggestionApplied.current === username || !contractsQuery.data || values.contractId !== null) return;
    if (suggestions.isPending && suggestions.fetchStatus !== 'idle') return;
    suggestionApplied.current = username;
    const suggestion = suggestions.data?.find((s) => contracts.some((c) => c.id === s.contractId));
    if (suggestion) {
      changeContract(suggestion.contractId);
      const next = contractOf(suggestion.contractId);
      set('fromPoolId', suggestion.fromPoolId);
      set('toPoolId', next?.oneWayAllowed ? suggestion.toPoolId : suggestion.fromPoolId);
      set('vehicleSpecType', suggestion.vehicleSpecType === 'VEHICLE' ? 'CLASS' : suggestion.vehicleSpecType);
      if (suggestion.className) set('className', suggestion.className);
      if (suggestion.modelId !== null) set('modelId', suggestion.modelId);
    } else if (contracts.length === 1 && contracts[0]) {
      changeContract(contracts[0].id);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- applied once per customer, when everything is loaded
  }, [username, contractsQuery.data, suggestions.data, suggestions.isPending, suggestions.fetchStatus, values.contractId, updating]);

  // ---- times, rules and live checks -------------------------------------------------------------------
  const startMs = wallClockToMs(values.startTime, timeZone);
  const endMs = wallClockToMs(values.endTime, timeZone);
  const period = startMs !== null && endMs !== null && startMs < endMs ? { startMs, endMs } : null;
  const rules = useContractRules(values.contractId, values.fromPoolId);
  const limits = rules.data ?? contract;
  const violations: DurationViolation[] = useMemo(
    () => (limits && period ? evaluateDurationRules(limits, period.startMs, period.endMs, timeZone) : []),
    [limits, period?.startMs, period?.endMs, timeZone], // eslint-disable-line react-hooks/exhaustive-deps -- period is rebuilt each render
  );
  const ruleTexts = violations.map((violation) => {
    const duration = ruleDurationText(violation.durationMs, language);
    const short = violation.kind === 'MIN_DURATION';
    const inline = short ? t('messages.bookingTooShort', { duration }) : t('messages.bookingTooLong', { duration });
    const window = violation.window;
    const expanded =
      window === null
        ? inline
        : short
          ? t('messages.bookingTooShortScheduled', { duration, from: window.from, to: window.to })
          : t('messages.bookingTooLongScheduled', { duration, from: window.from, to: window.to });
    return { inline, expanded, scheduled: window !== null };
  });
  const rulesBlocking = ruleTexts.length > 0 && !values.ignoreRules;

  const isoOf = (ms: number) => msToIsoWithOffset(ms, timeZone);
  const availabilityQuery = useDebouncedValue<AvailabilityQuery | null>(
    values.fromPoolId !== null && period
      ? {
          fromPoolId: values.fromPoolId,
          from: isoOf(period.startMs),
          to: isoOf(period.endMs),
          contractId: values.contractId ?? undefined,
          excludeBid: booking?.bid,
        }
      : null,
    ESTIMATE_DEBOUNCE_MS,
  );
  const availability = useAvailability(availabilityQuery);
  const classCategory = availability.data?.classes.find((c) => c.className === values.className)?.vehicleCategory;

  const distance = parseDistance(values.estimatedDistance);
  const vehicleSpecification = vehicleSpecOf(values, classCategory);
  const priceRequest = useDebouncedValue<PriceRequest | null>(
    contract && values.fromPoolId !== null && period && distance !== null && distance >= 0
      ? {
          startTime: isoOf(period.startMs),
          endTime: isoOf(period.endMs),
          user: username ?? undefined,
          fromLocation: { poolId: values.fromPoolId },
          toLocation: { poolId: values.toPoolId ?? values.fromPoolId },
          vehicleSpecification: vehicleSpecification ?? undefined,
          vehicleSpecType: values.vehicleSpecType,
          contractId: contract.id,
          estimatedDistance: distance,
          rideShare: values.rideShare ? 'ENABLED' : 'NOT_SELECTED',
          taxiAcceptable: values.taxiAcceptable ? 'ENABLED' : 'NOT_SELECTED',
          metadata: metadataOf(values, contract.metaDataSpec),
          adminFeeAdded: !updating && hasAdminFee(contract) && values.adminFeeAdded,
        }
      : null,
    ESTIMATE_DEBOUNCE_MS,
  );
  const estimate = usePriceEstimate(priceRequest);

  // §5: with one booking at a time, the customer's own live bookings must not overlap.
  const overlapWindow = useDebouncedValue(
    contract?.onlyOneBookingAtTheSameTimeAllowed && period
      ? {
          startDate: isoOf(Math.min(period.startMs, nowMs - BOOKING_FORM_WINDOW_BEFORE_MS)),
          endDate: isoOf(Math.max(period.endMs, nowMs + BOOKING_FORM_WINDOW_AFTER_MS)),
        }
      : null,
    ESTIMATE_DEBOUNCE_MS,
  );
  const ownBookings = useUserBookings(contract?.onlyOneBookingAtTheSameTimeAllowed ? username : null, overlapWindow);
  const overlapping =
    contract?.onlyOneBookingAtTheSameTimeAllowed && period
      ? (ownBookings.data ?? []).filter(
          (own) =>
            own.bid !== booking?.bid &&
            (own.state === 'ACTIVE' || own.state === 'INACTIVE') &&
            Date.parse(own.startTime) < period.endMs &&
            period.startMs < Date.parse(own.endTime),
        )
      : [];

  // ---- warnings ----------------------------------------------------------------------------------------
  const fromPool = pools.find((pool) => pool.poolId === values.fromPoolId) ?? null;
  const toPool = pools.find((pool) => pool.poolId === values.toPoolId) ?? null;
  const overridePoolAccess = Boolean((fromPool && !fromPool.directAccess) || (toPool && !toPool.directAccess));
  const noContracts = Boolean(username) && contractsQuery.isSuccess && contracts.length === 0;
  const userStatus = selectedUser?.status;
  const userNotActive = !updating && userStatus !== undefined && userStatus !== 'ACTIVE';
  const userNotFound = !updating && userDetails.isSuccess && userDetails.data === null;
  const noPoolsOnContract = contract !== null && poolsQuery.isSuccess && !pools.some((pool) => pool.allowedContracts.includes(contract.id));
  const taxiOffered = contract !== null && values.fromPoolId !== null && contract.taxiFromPools.includes(values.fromPoolId);
  const adminFee = !updating ? adminFeeOf(contract) : null;

  // ---- submit --------------------------------------------------------------------------------------------
  const update = useUpdateBooking(booking?.bid ?? '');
  const [dialog, setDialog] = useState<{ request: BookingCreateRequest; summary: SummaryRow[] } | null>(null);
  const requestContext = {
    timeZone,
    metadataSpec: contract?.metaDataSpec ?? [],
    overridePoolAccess,
    classCategory,
    adminFeeOffered: !updating && hasAdminFee(contract),
  };

  const showServerErrors = (envelope: ErrorEnvelope) => {
    envelopeToNotifications(envelope, t).forEach(notify);
    const current = getValues();
    for (const item of envelope.errors) {
      const name = formFieldOf(item.field, current);
      if (name) setError(name, { type: 'server', message: item.message });
    }
  };

  const summaryRows = (): SummaryRow[] => {
    const none = t('bookingForm.summary.none');
    const options = [
      values.rideShare && t('bookingForm.fields.rideShare'),
      values.taxiAcceptable && taxiOffered && t('bookingForm.fields.taxiAcceptable'),
      adminFee !== null && values.adminFeeAdded && t('bookingForm.summary.adminFee'),
      values.ignoreRules && t('bookingForm.fields.ignoreRules'),
      overridePoolAccess && t('bookingForm.summary.poolAccessOverride'),
    ].filter((option): option is string => Boolean(option));
    const vehicle =
      values.vehicleSpecType === 'CLASS'
        ? t('bookingForm.summary.vehicleClass', { name: values.className })
        : values.vehicleSpecType === 'MODEL'
          ? t('bookingForm.summary.vehicleModel', {
              name: availability.data?.models.find((m) => m.modelId === values.modelId)?.modelName ?? String(values.modelId),
            })
          : (() => {
              const chosen = availability.data?.vehicles.find((v) => v.vin === values.vin);
              return chosen ? `${chosen.registrationNumber} — ${chosen.longPresentation}` : values.vin;
            })();
    const price = estimate.data;
    return [
      { label: t('bookingForm.fields.user'), value: selectedUser ? userOptionLabel(selectedUser) : none },
      { label: t('bookingForm.fields.contract'), value: contract?.name ?? none },
      { label: t('bookingForm.fields.fromPool'), value: fromPool ? `${poolLabel(fromPool)}, ${fromPool.city}` : none },
      { label: t('bookingForm.fields.toPool'), value: toPool ? `${poolLabel(toPool)}, ${toPool.city}` : none },
      {
        label: t('bookingForm.summary.period'),
        value: t('bookingForm.summary.periodValue', { start: format.dateTime(values.startTime), end: format.dateTime(values.endTime) }),
      },
      { label: t('bookingForm.summary.duration'), value: period ? format.duration(period.endMs - period.startMs) : none },
      { label: t('bookingForm.summary.vehicle'), value: vehicle },
      { label: t('bookingForm.fields.estimatedDistance'), value: t('bookingForm.summary.distanceValue', { distance: format.number(distance ?? 0, 0) }) },
      { label: t('bookingForm.fields.tripType'), value: t(`bookingForm.tripTypes.${values.tripType}`) },
      { label: t('bookingForm.summary.options'), value: options.length > 0 ? options.join(', ') : none },
      ...(contract && contract.metaDataSpec.length > 0
        ? contract.metaDataSpec.map((entry) => ({ label: entry.label, value: values.metadata[entry.key]?.trim() || none }))
        : []),
      ...(values.note.trim() ? [{ label: t('bookingForm.fields.note'), value: values.note.trim() }] : []),
      {
        label: t('bookingForm.estimate.title'),
        value: price ? format.money(price.totalPriceWithVat, price.currency) : t('bookingForm.summary.noEstimate'),
      },
    ];
  };

  const submit = handleSubmit(async (submitted) => {
    if (rulesBlocking) return;
    if (!booking) {
      setDialog({ request: toCreateRequest(submitted, requestContext), summary: summaryRows() });
      return;
    }
    try {
      const saved = await update.mutateAsync(toUpdateRequest(submitted, booking, { ...requestContext, started }));
      notifySuccess(t('messages.bookingUpdated'));
      reset(bookingToFormValues(saved, timeZone));
      onUpdated?.(saved);
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.envelope.errors.length > 0) showServerErrors(error.envelope);
      else notifyError(error);
    }
  });

  // Read every flag on each render: react-hook-form only tracks the formState flags that are read.
  const { isDirty, isValid, isSubmitting } = formState;
  const pending = isSubmitting || update.isPending || dialog !== null;
  const canSubmit = isDirty && isValid && !rulesBlocking && !pending;

  // ---- rendering -----------------------------------------------------------------------------------------
  const errors = formState.errors;
  const endError = fieldMessage(errors.endTime?.message);
  const userHelper = userNotActive ? undefined : t('bookingForm.user.helper');
  const contractHelper = !username
    ? t('bookingForm.contract.chooseUserFirst')
    : contractsQuery.isPending
      ? t('common.loading')
      : undefined;
  const noPoolsText = !username ? t('bookingForm.contract.chooseUserFirst') : t('bookingForm.pools.none');

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="booking-form-title">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap' }}>
        <Box>
          <Typography id="booking-form-title" variant={updating ? 'h5' : 'h4'} component={updating ? 'h2' : 'h1'}>
            {updating ? t('bookingForm.updateTitle', { bid: booking.bid }) : t('bookingForm.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {updating ? t('bookingForm.updateSubtitle') : t('bookingForm.subtitle')}
          </Typography>
        </Box>
        {started && <Chip size="small" color="warning" variant="outlined" label={t('bookingForm.startedChip')} />}
      </Stack>

      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={2}>
            <FormSection id="booking-form-customer" title={t('bookingForm.sections.customer')}>
              <Grid container spacing={1.5}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <UserField
                    value={selectedUser}
                    onChange={changeUser}
                    disabled={updating}
                    error={fieldMessage(errors.user?.message)}
                    helperText={userHelper}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    select
                    label={t('bookingForm.fields.contract')}
                    required
                    value={values.contractId === null ? '' : String(values.contractId)}
                    onChange={(event) => changeContract(event.target.value === '' ? null : Number(event.target.value))}
                    disabled={!username || contracts.length === 0}
                    error={Boolean(errors.contractId)}
                    helperText={fieldMessage(errors.contractId?.message) ?? contractHelper}
                    slotProps={{
                      input: {
                        endAdornment: contractsQuery.isFetching ? (
                          <InputAdornment position="end" sx={{ mr: 3 }}>
                            <CircularProgress size={16} aria-hidden />
                          </InputAdornment>
                        ) : undefined,
                      },
                    }}
                  >
                    {values.contractId !== null && !contract && (
                      // The booking's contract until the customer's contracts are loaded.
                      <MenuItem value={String(values.contractId)}>
                        {booking?.contractId === values.contractId ? booking.contract.name : t('common.loading')}
                      </MenuItem>
                    )}
                    {contracts.map((c) => (
                      <MenuItem key={c.id} value={String(c.id)}>
                        {c.name}
                        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                          {t(`bookingForm.contractTypes.${c.contractType}`)}
                        </Typography>
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
              </Grid>
              <Stack spacing={1} sx={{ mt: userNotFound || userNotActive || noContracts || contractsQuery.isError || poolsQuery.isError ? 1.5 : 0 }}>
                {userNotFound && (
                  <Alert severity="warning" role="status">
                    {t('messages.userNotFound')}
                  </Alert>
                )}
                {userNotActive && (
                  <Alert severity="warning" role="status">
                    {t('messages.userNotActive')}
                  </Alert>
                )}
                {noContracts && (
                  <Alert severity="warning" role="status">
                    {t('messages.noContractsOnUser')}
                  </Alert>
                )}
                {(contractsQuery.isError || poolsQuery.isError) && (
                  <Alert
                    severity="error"
                    action={
                      <Button color="inherit" size="small" onClick={() => void Promise.all([contractsQuery.refetch(), poolsQuery.refetch()])}>
                        {t('common.retry')}
                      </Button>
                    }
                  >
                    {t('bookingForm.contract.loadFailed')}
                  </Alert>
                )}
              </Stack>
            </FormSection>

            <FormSection id="booking-form-trip" title={t('bookingForm.sections.trip')}>
              <Grid container spacing={1.5}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <PoolField
                    label={t('bookingForm.fields.fromPool')}
                    pools={pools}
                    value={values.fromPoolId}
                    onChange={changeFromPool}
                    disabled={started || !username}
                    loading={poolsQuery.isFetching}
                    required
                    error={fieldMessage(errors.fromPoolId?.message)}
                    loadingText={t('common.loading')}
                    noOptionsText={noPoolsText}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <PoolField
                    label={t('bookingForm.fields.toPool')}
                    pools={pools}
                    value={values.toPoolId}
                    onChange={(id) => set('toPoolId', id)}
                    disabled={started || !contract?.oneWayAllowed}
                    loading={poolsQuery.isFetching}
                    required
                    error={fieldMessage(errors.toPoolId?.message)}
                    helperText={contract && !contract.oneWayAllowed ? t('bookingForm.pools.roundTripOnly') : undefined}
                    loadingText={t('common.loading')}
                    noOptionsText={noPoolsText}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <DateTimeField
                    label={t('bookingForm.fields.startTime')}
                    required
                    value={values.startTime}
                    onChange={changeStart}
                    disabled={started}
                    min={started ? undefined : minimum}
                    error={Boolean(errors.startTime)}
                    helperText={fieldMessage(errors.startTime?.message)}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <DateTimeField
                    label={t('bookingForm.fields.endTime')}
                    required
                    value={values.endTime}
                    onChange={changeEnd}
                    min={minimum}
                    error={Boolean(endError) || rulesBlocking}
                    helperText={
                      endError ??
                      (rulesBlocking
                        ? ruleTexts[0]?.inline
                        : period
                          ? t('bookingForm.duration', { duration: format.duration(period.endMs - period.startMs) })
                          : undefined)
                    }
                    helperTextProps={{ id: 'booking-form-end-helper', role: rulesBlocking ? 'alert' : undefined }}
                  />
                </Grid>
              </Grid>

              <Controller
                name="ignoreRules"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    sx={{ mt: 0.5 }}
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                        slotProps={{ input: { 'aria-describedby': 'booking-form-ignore-rules-help' } }}
                      />
                    }
                    label={t('bookingForm.fields.ignoreRules')}
                  />
                )}
              />
              <FormHelperText id="booking-form-ignore-rules-help" sx={{ mt: -0.5, ml: 4 }}>
                {t('bookingForm.ignoreRulesHelp')}
              </FormHelperText>

              {ruleTexts.some((rule) => rule.scheduled) || (ruleTexts.length > 0 && values.ignoreRules) ? (
                <Alert severity={values.ignoreRules ? 'info' : 'error'} sx={{ mt: 1.5 }} data-testid="booking-rules-expanded">
                  {values.ignoreRules && <strong>{t('bookingForm.rules.ignored')} </strong>}
                  {ruleTexts.map((rule) => rule.expanded).join(' ')}
                </Alert>
              ) : null}

              <Grid container spacing={1.5} sx={{ mt: 2 }}>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <Controller
                    name="estimatedDistance"
                    control={control}
                    render={({ field }) => (
                      <TextField
                        {...field}
                        label={t('bookingForm.fields.estimatedDistance')}
                        required
                        disabled={started}
                        error={Boolean(errors.estimatedDistance)}
                        helperText={fieldMessage(errors.estimatedDistance?.message)}
                        slotProps={{
                          htmlInput: { inputMode: 'decimal' },
                          input: { endAdornment: <InputAdornment position="end">{t('bookingForm.units.km')}</InputAdornment> },
                        }}
                      />
                    )}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <Controller
                    name="tripType"
                    control={control}
                    render={({ field }) => (
                      <TextField {...field} select label={t('bookingForm.fields.tripType')} required>
                        {ZTripType.options.map((type) => (
                          <MenuItem key={type} value={type}>
                            {t(`bookingForm.tripTypes.${type}`)}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                </Grid>
              </Grid>

              <Stack spacing={1} sx={{ mt: 1.5, '&:empty': { display: 'none' } }}>
                {noPoolsOnContract && (
                  <Alert severity="warning" role="status">
                    {t('messages.noPoolsOnContract')}
                  </Alert>
                )}
                {overridePoolAccess && (
                  <Alert severity="info" role="status">
                    {t('messages.poolAccessOverride')}
                  </Alert>
                )}
                {overlapping.map((own) => (
                  <Alert key={own.bid} severity="warning" role="status">
                    {t('messages.bookingsOverlap', { bid: own.bid })}
                  </Alert>
                ))}
              </Stack>
            </FormSection>

            <FormSection id="booking-form-vehicle" title={t('bookingForm.sections.vehicle')}>
              <VehicleFields
                specType={values.vehicleSpecType}
                className={values.className}
                modelId={values.modelId}
                vin={values.vin}
                onSpecTypeChange={changeSpecType}
                onClassChange={(name) => set('className', name)}
                onModelChange={(id) => set('modelId', id)}
                onVehicleChange={(vin) => set('vin', vin)}
                availability={availability.data}
                loading={availability.isFetching}
                failed={availability.isError}
                ready={values.fromPoolId !== null && period !== null}
                original={originalVehicle(booking)}
                errors={{
                  className: fieldMessage(errors.className?.message),
                  modelId: fieldMessage(errors.modelId?.message),
                  vin: fieldMessage(errors.vin?.message),
                }}
              />
            </FormSection>

            <FormSection id="booking-form-options" title={t('bookingForm.sections.options')}>
              <FormGroup row sx={{ columnGap: 2 }}>
                <Controller
                  name="rideShare"
                  control={control}
                  render={({ field }) => (
                    <FormControlLabel
                      control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
                      label={t('bookingForm.fields.rideShare')}
                    />
                  )}
                />
                {taxiOffered && (
                  <Controller
                    name="taxiAcceptable"
                    control={control}
                    render={({ field }) => (
                      <FormControlLabel
                        control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
                        label={t('bookingForm.fields.taxiAcceptable')}
                      />
                    )}
                  />
                )}
                {adminFee !== null && contract && (
                  <Controller
                    name="adminFeeAdded"
                    control={control}
                    render={({ field }) => (
                      <FormControlLabel
                        control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
                        label={t('bookingForm.fields.adminFee', { amount: format.money(adminFee, contract.currency) })}
                      />
                    )}
                  />
                )}
              </FormGroup>
            </FormSection>

            <FormSection id="booking-form-details" title={t('bookingForm.sections.details')}>
              <Stack spacing={1.5}>
                {contract && contract.metaDataSpec.length > 0 && (
                  <MetadataFields spec={contract.metaDataSpec} control={control} submitted={formState.isSubmitted} />
                )}
                <Controller
                  name="note"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      {...field}
                      label={t('bookingForm.fields.note')}
                      multiline
                      minRows={2}
                      maxRows={6}
                      error={Boolean(errors.note)}
                      helperText={fieldMessage(errors.note?.message) ?? t('bookingForm.noteCounter', { len: field.value.length, max: NOTE_MAX_LENGTH })}
                    />
                  )}
                />
              </Stack>
            </FormSection>
          </Stack>
        </Grid>

        <Grid size={{ xs: 12, lg: 4 }} sx={{ position: { lg: 'sticky' }, top: { lg: 64 } }}>
          <Stack spacing={2}>
            <EstimatePanel
              estimate={{ data: estimate.data, fetching: estimate.isFetching, failed: estimate.isError, ready: priceRequest !== null }}
              vehicles={{
                data: availability.data?.vehicles,
                fetching: availability.isFetching,
                failed: availability.isError,
                ready: availabilityQuery !== null,
              }}
              selectedVin={values.vehicleSpecType === 'VEHICLE' ? values.vin : null}
              onChooseVehicle={chooseVehicle}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              {updating ? (
                <Button onClick={onCancel} disabled={pending}>
                  {t('bookingForm.actions.cancel')}
                </Button>
              ) : (
                <Button
                  startIcon={<RestartAltIcon />}
                  onClick={() => {
                    reset(newBookingDefaults({ nowMs: Date.now(), timeZone }));
                    setSelectedUser(null);
                    suggestionApplied.current = null;
                    onUserChange?.(undefined);
                  }}
                  disabled={pending || !formState.isDirty}
                >
                  {t('bookingForm.actions.reset')}
                </Button>
              )}
              <Button
                type="submit"
                variant="contained"
                disabled={!canSubmit}
                endIcon={update.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
              >
                {updating ? t('bookingForm.actions.save') : t('bookingForm.actions.review')}
              </Button>
            </Stack>
          </Stack>
        </Grid>
      </Grid>

      {!updating && (
        <BookingCreateDialog
          open={dialog !== null}
          request={dialog?.request ?? null}
          summary={dialog?.summary ?? []}
          onClose={() => setDialog(null)}
          onCreated={(created) => {
            setDialog(null);
            onCreated?.(created);
          }}
          onRejected={(envelope) => {
            setDialog(null);
            showServerErrors(envelope);
          }}
          canConvertToInvoice={CONVERT_TO_INVOICE_AVAILABLE}
        />
      )}
    </Box>
  );
}

function originalVehicle(booking: Booking | undefined) {
  if (!booking) return undefined;
  const spec = booking.vehicleAllocation.specification;
  return {
    className: spec.type === 'CLASS' ? spec.className : undefined,
    modelName: spec.type === 'MODEL' ? spec.model?.modelName : undefined,
    vehicle: spec.type === 'VEHICLE' ? spec.vehicle.longPresentation : undefined,
  };
}
