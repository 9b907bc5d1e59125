import {
  type EventTextId,
  eventText,
  formatLocalDateTime,
  forceEndUsageProblems,
  MESSAGES,
  type Booking,
  type BookingAbilityKey,
  type ForceDeactivateQuery,
  type MessageKey,
} from '@fleetdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { journalEntries } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';
import { findFreeVehicle, type AllocationSpec } from './allocation.ts';
import { applyFixedPrice } from './booking-ledger.ts';
import {
  bookingEvent,
  conflict,
  fleetOf,
  invalid,
  mutateBooking,
  notSupported,
  patchBooking,
  requireAbility,
  stateAfter,
  withReason,
  type BookingPatch,
  type BookingRow,
} from './locked-booking.ts';
import { normalizeBid } from './service.ts';
import { allocatesOnActivation, commandRefusal, type BookingCommand } from './state.ts';

/**
 * The booking's state transitions (spec §4 booking states and menu, §5 force end, §7 booking calls): activate,
 * deactivate, force end, cancel and replace with a taxi or a ride share. Each runs on the locked booking
 * (locked-booking.ts) and is re-checked with the state machine (state.ts). Choices: docs/decisions/0012-booking-lifecycle.md.
 */

/** Driven distance measured by the vehicle: the journal drives recorded under the booking's bid (null when none). */
async function measuredDistance(tx: Db, fleet: string, bid: string): Promise<number | null> {
  const [r] = await tx
    .select({ km: sql<string | null>`sum(${journalEntries.distance})` })
    .from(journalEntries)
    .where(and(eq(journalEntries.fleetId, fleet), eq(journalEntries.bid, bid)));
  return r?.km === null || r?.km === undefined ? null : Math.round(Number(r.km) * 10) / 10;
}

// ---------- Activate, deactivate, force end ----------

function allocationSpecOf(row: BookingRow): AllocationSpec | null {
  switch (row.specType) {
    case 'CLASS':
      return row.specClassName ? { type: 'CLASS', className: row.specClassName, vehicleCategory: row.vehicleCategory } : null;
    case 'MODEL':
      return row.specModelId !== null ? { type: 'MODEL', modelId: row.specModelId } : null;
    case 'VEHICLE':
      return row.specVehicleId !== null ? { type: 'VEHICLE', vehicleId: row.specVehicleId } : null;
  }
}

const NO_FREE_VEHICLE = MESSAGES.noFreeVehicleInPool;

/**
 * POST /api/bookings/{bid}/activate-without-pin: INACTIVE → ACTIVE with usage start now. A booking allocated on
 * activation (light vehicles, allocateOnActivation) without a vehicle gets the first free matching vehicle of its
 * pickup pool; none free → 409.
 */
export async function activateBooking(db: Db, actor: Actor, rawBid: string, o: { reason?: string } = {}, now = new Date()): Promise<Booking> {
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    requireAbility(b, 'activate', now, 'activateOnlyInactive', notSupported('Activate'));
    const patch: BookingPatch = { state: stateAfter(b, 'ACTIVATE'), usageStart: now };
    let vehicle = b.vehicle;
    let allocated = false;
    if (b.row.allocatedVehicleId === null && allocatesOnActivation(b.facts)) {
      const spec = allocationSpecOf(b.row);
      const start = new Date(Math.min(now.getTime(), b.row.startTime.getTime()));
      vehicle = spec
        ? await findFreeVehicle(tx, actor.fleet, { poolId: b.row.fromPoolId, spec, start, end: b.row.endTime, excludeBookingId: b.row.id, now })
        : null;
      if (!vehicle) throw conflict(NO_FREE_VEHICLE);
      patch.allocatedVehicleId = vehicle.id;
      patch.allocationState = 'ALLOCATED';
      allocated = true;
    }
    await patchBooking(tx, b.row.id, patch, now, () => conflict(NO_FREE_VEHICLE));
    const text =
      allocated && vehicle ? eventText('bookingActivatedBySupportOn', { vehicle: vehicle.longPresentation }) : eventText('bookingActivatedBySupport');
    await bookingEvent(
      tx,
      actor,
      b,
      withReason(text, o.reason),
      {
        action: 'ACTIVATED',
        public: true,
        reason: o.reason,
        allocatedOnActivation: allocated || undefined,
      },
      { vehicle, occurred: now },
    );
  });
}

/** POST /api/bookings/{bid}/deactivate {unchecked}: ACTIVE → FINISHED with usage end now and the measured distance. */
export async function deactivateBooking(
  db: Db,
  actor: Actor,
  rawBid: string,
  o: { unchecked: boolean; reason?: string },
  now = new Date(),
): Promise<Booking> {
  const command: BookingCommand = o.unchecked ? 'DEACTIVATE_UNCHECKED' : 'DEACTIVATE';
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    requireAbility(b, 'deactivate', now, 'deactivateOnlyActive', notSupported('Deactivate'));
    const checked = commandRefusal(b.facts, command, now);
    if (checked) throw notSupported('Deactivate')(checked);
    const distance = await measuredDistance(tx, actor.fleet, b.row.bid);
    await patchBooking(tx, b.row.id, { state: stateAfter(b, command), usageEnd: now, distance }, now);
    const text = eventText(o.unchecked ? 'bookingDeactivatedBySupportUnchecked' : 'bookingDeactivatedBySupport');
    await bookingEvent(
      tx,
      actor,
      b,
      withReason(text, o.reason),
      {
        action: 'DEACTIVATED',
        public: true,
        unchecked: o.unchecked,
        distance,
        reason: o.reason,
      },
      { occurred: now },
    );
    await applyFixedPrice(tx, actor, b, now);
  });
}

/**
 * POST /api/bookings/{bid}/force-deactivate-without-pin: FINISHED with the given usage (start, end, distance), or
 * with no usage and distance 0 when it was not used. §5: start and end both or neither, required unless wasNotUsed,
 * distance positive (the query schema); and neither may lie in the future (forceEndUsageProblems, shared with the form).
 */
export async function forceDeactivateBooking(db: Db, actor: Actor, rawBid: string, q: ForceDeactivateQuery, now = new Date()): Promise<Booking> {
  const bid = normalizeBid(rawBid);
  if (q.bid !== undefined && q.bid.trim().toUpperCase() !== bid) throw invalid('bid', 'The bid does not match the booking');
  let usage: { start: Date; end: Date } | null = null;
  if (!q.wasNotUsed) {
    if (!q.startDate || !q.endDate) throw invalid('startDate', MESSAGES.required);
    usage = { start: new Date(q.startDate), end: new Date(q.endDate) };
    const [future] = forceEndUsageProblems(q, now);
    if (future) throw invalid(future.field, MESSAGES[future.message]);
  }
  return mutateBooking(db, actor, bid, now, async (tx, b) => {
    requireAbility(b, 'forceEnd', now, 'forceEndNotYet', notSupported('Force end'));
    const distance = usage ? (q.distance ?? (await measuredDistance(tx, actor.fleet, b.row.bid))) : 0;
    await patchBooking(
      tx,
      b.row.id,
      {
        state: stateAfter(b, 'FORCE_END'),
        usageStart: usage?.start ?? null,
        usageEnd: usage?.end ?? null,
        distance,
      },
      now,
    );
    const fleet = await fleetOf(tx, actor);
    const text = usage
      ? eventText(distance !== null ? 'bookingForceEndedUsedDistance' : 'bookingForceEndedUsed', {
          start: formatLocalDateTime(usage.start, fleet.timeZone),
          end: formatLocalDateTime(usage.end, fleet.timeZone),
          distance,
        })
      : eventText('bookingForceEndedNotUsed');
    await bookingEvent(
      tx,
      actor,
      b,
      withReason(text, q.reason),
      {
        action: 'FORCE_ENDED',
        public: true,
        reason: q.reason,
        wasNotUsed: q.wasNotUsed,
        usageStart: usage?.start.toISOString() ?? null,
        usageEnd: usage?.end.toISOString() ?? null,
        distance,
      },
      { occurred: now },
    );
    await applyFixedPrice(tx, actor, b, now);
  });
}

// ---------- Cancel and replace ----------

/** DELETE /api/bookings/{bid}?reason: INACTIVE → CANCELLED (who, when and why are kept on the booking). */
export async function cancelBooking(db: Db, actor: Actor, rawBid: string, o: { reason?: string } = {}, now = new Date()): Promise<Booking> {
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    requireAbility(b, 'cancel', now, 'cannotCancel');
    await patchBooking(
      tx,
      b.row.id,
      { state: stateAfter(b, 'CANCEL'), cancelledAt: now, cancelledBy: actor.username, cancelReason: o.reason ?? null },
      now,
    );
    await bookingEvent(
      tx,
      actor,
      b,
      withReason(eventText('bookingCancelledBySupport'), o.reason),
      { action: 'CANCELLED', public: true, reason: o.reason },
      { occurred: now },
    );
  });
}

const REPLACEMENTS = {
  TAXI: {
    command: 'REPLACE_WITH_TAXI',
    ability: 'replaceWithTaxi',
    text: 'bookingReplacedWithTaxi',
    action: 'REPLACED_WITH_TAXI',
    refused: 'cannotReplaceWithTaxi',
  },
  RIDESHARE: {
    command: 'REPLACE_WITH_RIDESHARE',
    ability: 'replaceWithRideshare',
    text: 'bookingReplacedWithRideshare',
    action: 'REPLACED_WITH_RIDESHARE',
    refused: 'cannotReplaceWithRideshare',
  },
} as const satisfies Record<
  'TAXI' | 'RIDESHARE',
  { command: BookingCommand; ability: BookingAbilityKey; text: EventTextId; action: string; refused: MessageKey }
>;

/** POST /api/bookings/{bid}/replace-with-taxi and /replace-with-rideshare: CANCELLED, replaced by TAXI or RIDESHARE. */
export async function replaceBooking(
  db: Db,
  actor: Actor,
  rawBid: string,
  by: 'TAXI' | 'RIDESHARE',
  o: { reason?: string } = {},
  now = new Date(),
): Promise<Booking> {
  const r = REPLACEMENTS[by];
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    requireAbility(b, r.ability, now, r.refused);
    await patchBooking(
      tx,
      b.row.id,
      {
        state: stateAfter(b, r.command),
        cancelledAt: now,
        cancelledBy: actor.username,
        cancelReason: o.reason ?? null,
        replacedBy: by,
      },
      now,
    );
    await bookingEvent(
      tx,
      actor,
      b,
      withReason(eventText(r.text), o.reason),
      { action: r.action, public: true, replacedBy: by, reason: o.reason },
      { occurred: now },
    );
  });
}
