import type { PoolContractOptionsResponse } from '@fleetdesk/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contracts } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';

/**
 * GET /api/pools/contracts: the session operator's contracts, by name then id — what a pool's allowed contracts are
 * chosen from (issue 17). Only this operator's: another operator's contract is neither listed nor accepted.
 */
export async function listPoolContractOptions(db: Db, actor: Actor): Promise<PoolContractOptionsResponse> {
  return db
    .select({ id: contracts.id, name: contracts.name, contractType: contracts.contractType })
    .from(contracts)
    .where(eq(contracts.fleetId, actor.fleet))
    .orderBy(asc(contracts.name), asc(contracts.id));
}
