import { eventValue, eventText, formatLocalDateTime, type Booking, type ZAdjustedValuesRequest } from '@fleetdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../auth/index.ts';
import { bookingEvent, fleetOf, mutateBooking, patchBooking, requireAbility } from './locked-booking.ts';

/** Adjusting the historic values of a finished booking (spec §5 adjust values, §7 /adjustedValues). */

export type AdjustedValuesRequest = z.infer<typeof ZAdjustedValuesRequest>;

/**
 * PUT /api/bookings/{bid}/adjustedValues: historic values of a FINISHED booking. The first adjustment keeps the
 * measured figures in original_*; usage_*, distance and trip_type then hold the adjusted ones (what billing uses).
 */
export async function adjustBookingValues(db: Db, actor: Actor, rawBid: string, v: AdjustedValuesRequest, now = new Date()): Promise<Booking> {
  return mutateBooking(db, actor, rawBid, now, async (tx, b) => {
    const r = b.row;
    requireAbility(b, 'adjustValues', now, 'onlyFinishedAdjustable');
    const firstAdjustment = r.adjustedStartTime === null && r.dataQuality === null;
    const start = new Date(v.adjustedStartTime);
    const end = new Date(v.adjustedEndTime);
    await patchBooking(
      tx,
      r.id,
      {
        ...(firstAdjustment
          ? { originalUsageStart: r.usageStart, originalUsageEnd: r.usageEnd, originalTotalDistance: r.distance, originalBookingType: r.tripType }
          : {}),
        usageStart: start,
        usageEnd: end,
        distance: v.adjustedDistance,
        tripType: v.adjustedBookingType,
        adjustedStartTime: start,
        adjustedEndTime: end,
        adjustedDistance: v.adjustedDistance,
        adjustedBookingType: v.adjustedBookingType,
        dataQuality: v.dataQuality,
      },
      now,
    );
    const fleet = await fleetOf(tx, actor);
    await bookingEvent(
      tx,
      actor,
      b,
      eventText('usageAdjusted', {
        start: formatLocalDateTime(start, fleet.timeZone),
        end: formatLocalDateTime(end, fleet.timeZone),
        previousDistance: r.distance ?? '–',
        distance: v.adjustedDistance,
        tripType: eventValue('tripType', v.adjustedBookingType),
        dataQuality: v.dataQuality,
      }),
      {
        action: 'VALUES_ADJUSTED',
        previous: {
          usageStart: r.usageStart?.toISOString() ?? null,
          usageEnd: r.usageEnd?.toISOString() ?? null,
          distance: r.distance,
          tripType: r.tripType,
        },
        adjusted: v,
        firstAdjustment,
      },
      { occurred: now },
    );
  });
}
