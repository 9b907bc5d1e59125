import { eventText, formatLocalDateTime, MESSAGES, type ZChargingPinResponse } from '@fleetdesk/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { pools } from '../../db/schema.ts';
import type { ChargingProvider } from '../../integrations/charging/provider.ts';
import type { Actor } from '../auth/index.ts';
import { bookingEvent, conflict, fleetOf, lockBooking, patchBooking, requireAbility } from './locked-booking.ts';
import { normalizeBid } from './service.ts';

/** The charging PIN of a booking (spec §4 "Request PIN", §7 GET /api/charging/activation-data), from the ChargingProvider. */

export type ChargingPin = z.infer<typeof ZChargingPinResponse>;

/**
 * GET /api/charging/activation-data?bid: the charging provider's PIN for an INACTIVE booking. The PIN is stored on
 * the booking, so repeated calls return the same one while it is valid; an expired one is replaced by a new one
 * from the provider; a booking that started, ended or was cancelled, or whose validity has run out, answers 409.
 */
export async function getChargingActivationData(
  db: Db,
  actor: Actor,
  rawBid: string,
  provider: ChargingProvider,
  now = new Date(),
): Promise<ChargingPin> {
  const bid = normalizeBid(rawBid);
  return db.transaction(async (tx) => {
    const b = await lockBooking(tx, actor, bid);
    const r = b.row;
    requireAbility(b, 'requestPin', now, 'chargingNotSupported');
    if (r.chargingPinCode && r.chargingTerminal && r.chargingPinValidUntil && r.chargingPinValidUntil.getTime() > now.getTime()) {
      return { pinCode: r.chargingPinCode, recommendedTerminalNumber: r.chargingTerminal, validUntil: r.chargingPinValidUntil.toISOString() };
    }
    const [pool] = await tx.select().from(pools).where(eq(pools.id, r.fromPoolId)).limit(1);
    if (!pool) throw new Error(`booking ${r.bid} refers to a missing pool ${r.fromPoolId}`);
    const data = await provider.activationData({
      bid: r.bid,
      startTime: r.startTime,
      endTime: r.endTime,
      pool: { id: pool.id, name: pool.name, wattWorldStationName: pool.wattWorldStationName },
    });
    if (data.validUntil.getTime() <= now.getTime()) throw conflict(MESSAGES.chargingPinExpired);
    await patchBooking(
      tx,
      r.id,
      { chargingPinCode: data.pinCode, chargingTerminal: data.recommendedTerminalNumber, chargingPinValidUntil: data.validUntil },
      now,
    );
    const fleet = await fleetOf(tx, actor);
    // The PIN itself stays out of the event log.
    await bookingEvent(
      tx,
      actor,
      b,
      eventText('chargingPinIssued', { terminal: data.recommendedTerminalNumber, validUntil: formatLocalDateTime(data.validUntil, fleet.timeZone) }),
      {
        action: 'CHARGING_PIN_ISSUED',
        terminal: data.recommendedTerminalNumber,
        validUntil: data.validUntil.toISOString(),
      },
      { occurred: now },
    );
    return { pinCode: data.pinCode, recommendedTerminalNumber: data.recommendedTerminalNumber, validUntil: data.validUntil.toISOString() };
  });
}
