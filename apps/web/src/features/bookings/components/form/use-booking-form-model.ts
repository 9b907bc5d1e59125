import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  HOUR_MS,
  isoToWallClock,
  msToWallClock,
  parseWallClock,
  startOfLocalDay,
  wallClockToMs,
  type Booking,
  type VehicleSpecType,
} from '@fleetdesk/contract';
import { useForm, useWatch, type FieldPath, type FieldPathValue, type Resolver } from 'react-hook-form';
import { useBookingFormUser, useUsablePools, useUserContracts } from '../../api/booking-form-api';
import {
  bookingToFormValues,
  buildBookingFormSchema,
  contractAdminFee,
  hasAdminFee,
  newBookingDefaults,
  type BookingFormResolverContext,
  type BookingFormRuleContext,
  type BookingFormValues,
} from './booking-form-schema';
import type { UserOption } from './user-field';

/** The ±1 h push of §5 applies only to plausible years, not to the partial years of a date being typed. */
const PLAUSIBLE_YEARS = { from: 2000, to: 2100 };

const plausible = (value: string) => {
  const wall = parseWallClock(value);
  return wall !== null && wall.year >= PLAUSIBLE_YEARS.from && wall.year <= PLAUSIBLE_YEARS.to;
};

export interface BookingFormModelOptions {
  /** Update mode: the booking to change. */
  booking?: Booking;
  /** Creation: the customer to book for (/booking?user=). */
  initialUser?: string;
  /** Creation: the chosen customer changed (the route keeps it in ?user=). */
  onUserChange?: (username: string | undefined) => void;
  timeZone: string;
}

/**
 * The booking form's model: the values (react-hook-form with the schema of the chosen contract), the chosen customer
 * with their contracts and pools, and the §5 knock-on changes of each input (a new customer clears what depended on the
 * old one, a contract without one-way trips returns to the start pool, a start after the end pushes the end, …).
 */
export function useBookingFormModel({ booking, initialUser, onUserChange, timeZone }: BookingFormModelOptions) {
  const updating = booking !== undefined;
  const started = Boolean(booking && (booking.state === 'ACTIVE' || booking.usageTime?.start));
  const [nowMs] = useState(() => Date.now());
  const minimum = booking ? isoToWallClock(booking.startTime, timeZone) : msToWallClock(startOfLocalDay(new Date(nowMs), timeZone), timeZone);

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
  const { control, setValue, getValues, trigger, reset, formState } = form;
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
    setSelectedUser((current) => (current?.username.toLowerCase() === details.username.toLowerCase() ? { ...current, ...details } : current));
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

  /** Creation: back to an empty form for no customer. */
  const resetNew = () => {
    reset(newBookingDefaults({ nowMs: Date.now(), timeZone }));
    setSelectedUser(null);
    suggestionApplied.current = null;
    onUserChange?.(undefined);
  };

  // ---- warnings ----------------------------------------------------------------------------------------
  const fromPool = pools.find((pool) => pool.poolId === values.fromPoolId) ?? null;
  const toPool = pools.find((pool) => pool.poolId === values.toPoolId) ?? null;
  const userStatus = selectedUser?.status;
  const warnings = {
    overridePoolAccess: Boolean((fromPool && !fromPool.directAccess) || (toPool && !toPool.directAccess)),
    noContracts: Boolean(username) && contractsQuery.isSuccess && contracts.length === 0,
    userNotActive: !updating && userStatus !== undefined && userStatus !== 'ACTIVE',
    userNotFound: !updating && userDetails.isSuccess && userDetails.data === null,
    noPoolsOnContract: contract !== null && poolsQuery.isSuccess && !pools.some((pool) => pool.allowedContracts.includes(contract.id)),
  };
  const taxiOffered = contract !== null && values.fromPoolId !== null && contract.taxiFromPools.includes(values.fromPoolId);
  const adminFee = !updating ? contractAdminFee(contract) : null;

  return {
    booking,
    timeZone,
    updating,
    started,
    nowMs,
    minimum,
    form,
    values,
    set,
    selectedUser,
    username,
    contractsQuery,
    poolsQuery,
    contracts,
    pools,
    contract,
    contractOf,
    fromPool,
    toPool,
    warnings,
    taxiOffered,
    adminFee,
    suggestionApplied,
    changeUser,
    changeContract,
    changeFromPool,
    changeStart,
    changeEnd,
    changeSpecType,
    chooseVehicle,
    resetNew,
  };
}

export type BookingFormModel = ReturnType<typeof useBookingFormModel>;
