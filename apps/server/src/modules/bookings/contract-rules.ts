import {
  formatMessage,
  humanizeDuration,
  MESSAGES,
  parseIsoDuration,
  scheduleWindowOf,
  type BookingRule,
  type ZContractRulesResponse,
} from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { poolContracts, pools } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/index.ts';
import { fleetContract } from './booking-input.ts';

/**
 * The contract's rules for the booking form (GET /api/contracts/{id}/rules): the rules creation and update judge a
 * booking by (rules.ts), described for staff.
 */

export type ContractRulesResponse = z.infer<typeof ZContractRulesResponse>;

/**
 * GET /api/contracts/{id}/rules?poolId: the rules a booking under the contract is judged by, as §3 Booking rules
 * (rule names as in the 400 answers of create and update), and its bookable rules. With a pool: whether a taxi may
 * be requested from it and whether the pool is on the contract.
 */
export async function getContractRules(db: Db, actor: Actor, contractId: number, poolId?: number): Promise<ContractRulesResponse> {
  const contract = await fleetContract(db, actor, contractId);
  if (!contract) throw AppError.notFound();
  let onContract = true;
  if (poolId !== undefined) {
    const [pool] = await db
      .select({ id: pools.id })
      .from(pools)
      .where(and(eq(pools.id, poolId), eq(pools.fleetId, actor.fleet)))
      .limit(1);
    if (!pool) throw AppError.notFound();
    const [link] = await db
      .select({ poolId: poolContracts.poolId })
      .from(poolContracts)
      .where(and(eq(poolContracts.poolId, poolId), eq(poolContracts.contractId, contractId)))
      .limit(1);
    onContract = link !== undefined;
  }
  const duration = (iso: string) => humanizeDuration(parseIsoDuration(iso));
  const rules: BookingRule[] = [];
  if (contract.minBookingDuration) {
    rules.push({
      ruleName: 'contract.minBookingDuration',
      description: `Minimum booking duration: ${duration(contract.minBookingDuration)}`,
      overridable: true,
      bookingRuleCause: 'MIN_DURATION',
    });
  }
  if (contract.maxBookingDuration) {
    rules.push({
      ruleName: 'contract.maxBookingDuration',
      description: `Maximum booking duration: ${duration(contract.maxBookingDuration)}`,
      overridable: true,
      bookingRuleCause: 'MAX_DURATION',
    });
  }
  contract.bookableRules.forEach((rule, index) => {
    const window = scheduleWindowOf(rule);
    const when = window ? ` on weekdays ${window.from}–${window.to}` : '';
    if (rule.minDuration) {
      rules.push({
        ruleName: `bookableRules[${index}].minDuration`,
        description: `Minimum booking duration${when}: ${duration(rule.minDuration)}`,
        overridable: true,
        bookingRuleCause: 'MIN_DURATION',
      });
    }
    if (rule.maxDuration) {
      rules.push({
        ruleName: `bookableRules[${index}].maxDuration`,
        description: `Maximum booking duration${when}: ${duration(rule.maxDuration)}`,
        overridable: true,
        bookingRuleCause: 'MAX_DURATION',
      });
    }
  });
  if (!contract.oneWayAllowed) {
    rules.push({
      ruleName: 'contract.oneWayAllowed',
      description: formatMessage('oneWayNotAllowed'),
      overridable: false,
      bookingRuleCause: 'ONE_WAY_NOT_ALLOWED',
    });
  }
  if (contract.onlyOneBookingAtTheSameTimeAllowed) {
    rules.push({
      ruleName: 'contract.onlyOneBookingAtTheSameTimeAllowed',
      description: 'Only one booking at a time',
      overridable: true,
      bookingRuleCause: 'OVERLAPPING_BOOKING',
    });
  }
  if (poolId === undefined || !contract.taxiFromPools.includes(poolId)) {
    rules.push({ ruleName: 'contract.taxiFromPools', description: MESSAGES.taxiNotFromPool, overridable: false, bookingRuleCause: 'TAXI_POOL' });
  }
  for (const entry of contract.metadataSpec) {
    if (!entry.required && entry.type === 'TEXT') continue;
    const what = [
      entry.required ? 'required' : null,
      entry.type === 'INTEGER' ? 'a whole number' : null,
      entry.type === 'CHOICE' && entry.choices?.length ? `one of: ${entry.choices.join(', ')}` : null,
    ]
      .filter(Boolean)
      .join(', ');
    rules.push({
      ruleName: `contract.metadataSpec.${entry.key}`,
      description: `${entry.label}: ${what}`,
      overridable: false,
      bookingRuleCause: 'METADATA',
    });
  }
  if (!onContract) {
    rules.push({ ruleName: 'POOL_ACCESS', description: MESSAGES.noPoolAccess, overridable: false, bookingRuleCause: 'POOL_ACCESS' });
  }
  return {
    rules,
    minBookingDuration: contract.minBookingDuration,
    maxBookingDuration: contract.maxBookingDuration,
    bookableRules: contract.bookableRules,
  };
}
