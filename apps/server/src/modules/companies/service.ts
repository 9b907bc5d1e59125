import {
  eventText,
  fieldError,
  MESSAGE_IDS,
  type CompanyDetail,
  type CompanyNode,
  type CompanyUpdate,
  type CompanyUsersQuery,
  type CompanyUsersResponse,
  type CompanyUsersSortField,
  type FleetByUsernameResponse,
  type TopLevelCompany,
} from '@fleetdesk/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, fleets, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor, RequestSession } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';

/**
 * Companies of the session's operator (issue 6; docs/decisions/0027-companies-batch.md). An operator has tens to a
 * few hundred companies, so the tree is read whole and shaped in memory; users are paged in the database.
 * Another operator's company answers 404 like an unknown one.
 */

export type CompanyRow = typeof companies.$inferSelect;

export const companyNotFound = () => AppError.notFound(MESSAGE_IDS.notFound, 'notFound');

/** All of the operator's companies, by name (then id, so equal names keep one order). */
export async function loadFleetCompanies(db: Db, fleet: string): Promise<CompanyRow[]> {
  return db.select().from(companies).where(eq(companies.fleetId, fleet)).orderBy(asc(companies.name), asc(companies.id));
}

/** Children by parent id (null: the top level), each list in name order. */
function childrenByParent(rows: readonly CompanyRow[]): Map<number | null, CompanyRow[]> {
  const map = new Map<number | null, CompanyRow[]>();
  for (const row of rows) {
    const list = map.get(row.parentId) ?? [];
    list.push(row);
    map.set(row.parentId, list);
  }
  return map;
}

/** The company and every company below it (ids), walking the operator's rows; guards against cycles. */
export function subtreeIds(rows: readonly CompanyRow[], rootId: number): number[] {
  const byParent = childrenByParent(rows);
  const seen = new Set<number>([rootId]);
  const queue = [rootId];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const child of byParent.get(id) ?? []) {
      if (seen.has(child.id)) continue;
      seen.add(child.id);
      queue.push(child.id);
    }
  }
  return [...seen];
}

/** From the top-level company down to the direct parent. */
export function parentHierarchy(rows: readonly CompanyRow[], company: CompanyRow): { id: number; name: string }[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain: { id: number; name: string }[] = [];
  const seen = new Set<number>([company.id]);
  let parentId = company.parentId;
  while (parentId !== null) {
    const parent = byId.get(parentId);
    if (!parent || seen.has(parent.id)) break;
    seen.add(parent.id);
    chain.unshift({ id: parent.id, name: parent.name });
    parentId = parent.parentId;
  }
  return chain;
}

/** GET /api/companies: the tree, top-level companies first, children in name order at every level. */
export async function getCompanyTree(db: Db, actor: Actor): Promise<CompanyNode[]> {
  const rows = await loadFleetCompanies(db, actor.fleet);
  const byParent = childrenByParent(rows);
  const ids = new Set(rows.map((r) => r.id));
  const build = (row: CompanyRow, seen: Set<number>): CompanyNode => ({
    id: row.id,
    name: row.name,
    type: row.type,
    parent: row.parentId,
    children: (byParent.get(row.id) ?? []).filter((c) => !seen.has(c.id)).map((c) => build(c, new Set([...seen, c.id]))),
  });
  // A parent outside the operator (never written, but not trusted either) makes the company a root.
  const roots = rows.filter((r) => r.parentId === null || !ids.has(r.parentId));
  return roots.map((r) => build(r, new Set([r.id])));
}

/** GET /api/companies/top-level: the companies batch import is offered for. */
export async function listTopLevelCompanies(db: Db, actor: Actor): Promise<TopLevelCompany[]> {
  const rows = await db
    .select({ id: companies.id, name: companies.name, type: companies.type })
    .from(companies)
    .where(and(eq(companies.fleetId, actor.fleet), sql`${companies.parentId} is null`))
    .orderBy(asc(companies.name), asc(companies.id));
  return rows;
}

/** The operator's company by id, else 404. */
export async function findFleetCompany(db: Db, actor: Actor, id: number): Promise<CompanyRow> {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.fleetId, actor.fleet)))
    .limit(1);
  if (!row) throw companyNotFound();
  return row;
}

const countCustomers = async (db: Db, fleet: string, companyIds: number[]) => {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.fleetId, fleet), eq(users.role, 'CUSTOMER'), inArray(users.companyId, companyIds)));
  return Number(row?.n ?? 0);
};

/** GET /api/companies/{id}: §3 Company with its parent hierarchy, children and user counts. */
export async function getCompanyDetail(db: Db, actor: Actor, id: number): Promise<CompanyDetail> {
  const rows = await loadFleetCompanies(db, actor.fleet);
  const company = rows.find((r) => r.id === id);
  if (!company) throw companyNotFound();
  const children = rows.filter((r) => r.parentId === company.id).map((c) => ({ id: c.id, name: c.name, type: c.type }));
  const hasContact = [company.contactFirstName, company.contactLastName, company.contactEmail, company.contactPhone].some((v) => v !== null);
  const [userCount, subtreeUserCount] = await Promise.all([
    countCustomers(db, actor.fleet, [company.id]),
    countCustomers(db, actor.fleet, subtreeIds(rows, company.id)),
  ]);
  return {
    id: company.id,
    name: company.name,
    type: company.type,
    parent: company.parentId,
    children,
    marketSegment: company.marketSegment,
    microSegment: company.microSegment,
    emailDomains: company.emailDomains,
    contact: hasContact
      ? { firstName: company.contactFirstName, lastName: company.contactLastName, emailAddress: company.contactEmail, phoneNo: company.contactPhone }
      : null,
    companyCode: company.companyCode,
    requiresMembershipConfirmation: company.requiresMembershipConfirmation,
    parentHierarchy: parentHierarchy(rows, company),
    topLevel: company.parentId === null,
    userCount,
    subtreeUserCount,
  };
}

/**
 * PUT /api/companies/{id} (ADMIN): name, type, segments, connected e-mail domains and contact. A domain already
 * connected to another of the operator's companies is a 409 naming that company (domains pick the company and the
 * single-sign-on provider of a new user, so one domain must lead to one company). One event records the change.
 */
export async function updateCompany(db: Db, session: RequestSession, id: number, input: CompanyUpdate): Promise<CompanyDetail> {
  if (session.role !== 'ADMIN') throw AppError.forbidden();
  await db.transaction(async (tx) => {
    const [company] = await tx
      .select()
      .from(companies)
      .where(and(eq(companies.id, id), eq(companies.fleetId, session.fleet)))
      .for('update')
      .limit(1);
    if (!company) throw companyNotFound();
    if (input.emailDomains.length > 0) {
      const clashes = await tx
        .select({ id: companies.id, name: companies.name, emailDomains: companies.emailDomains })
        .from(companies)
        .where(
          and(
            eq(companies.fleetId, session.fleet),
            sql`${companies.id} <> ${id}`,
            sql`${companies.emailDomains} && ${sql.param(input.emailDomains)}::text[]`,
          ),
        );
      const errors = clashes.flatMap((c) =>
        c.emailDomains
          .filter((d) => input.emailDomains.includes(d))
          .map((d) => fieldError(`emailDomains.${input.emailDomains.indexOf(d)}`, 'emailDomainTaken', { domain: d, company: c.name })),
      );
      if (errors.length > 0) throw new AppError(MESSAGE_IDS.conflict, 409, errors[0]!.message, errors);
    }
    const next = {
      name: input.name,
      type: input.type,
      marketSegment: input.marketSegment,
      microSegment: input.microSegment,
      emailDomains: input.emailDomains,
      contactFirstName: input.contact?.firstName ?? null,
      contactLastName: input.contact?.lastName ?? null,
      contactEmail: input.contact?.emailAddress ?? null,
      contactPhone: input.contact?.phoneNo ?? null,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => JSON.stringify(company[k]) !== JSON.stringify(next[k]));
    if (changed.length === 0) return;
    await tx.update(companies).set(next).where(eq(companies.id, id));
    await appendEvent(tx, session, {
      type: 'USER_ACTION',
      text: eventText('companyUpdated', { company: input.name, fields: changed.join(', ') }),
      properties: { action: 'COMPANY_UPDATED', companyId: id, changed },
    });
  });
  return getCompanyDetail(db, session, id);
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const SORT_COLUMNS: Record<CompanyUsersSortField, SQL | typeof users.username> = {
  applyDate: sql`${users.applyDate}`,
  username: sql`lower(${users.username})`,
  givenName: sql`lower(${users.givenName})`,
  familyName: sql`lower(${users.familyName})`,
  emailAddress: sql`lower(${users.emailAddress})`,
  mobilePhone: sql`${users.mobilePhone}`,
  status: sql`${users.status}`,
  lastStatusChangeDate: sql`${users.lastStatusChangeDate}`,
  companyName: sql`lower(${companies.name})`,
};

/**
 * GET /api/companies/{id}/users: the company's customers (and its subtree's unless includeChildren=false), with the
 * status filter, optional phrase, §9 sort (applyDate descending by default; `none` is user-name order) and paging.
 */
export async function listCompanyUsers(db: Db, actor: Actor, id: number, q: CompanyUsersQuery): Promise<CompanyUsersResponse> {
  const rows = await loadFleetCompanies(db, actor.fleet);
  if (!rows.some((r) => r.id === id)) throw companyNotFound();
  const ids = q.includeChildren ? subtreeIds(rows, id) : [id];
  const where: SQL[] = [eq(users.fleetId, actor.fleet), eq(users.role, 'CUSTOMER'), inArray(users.companyId, ids)];
  if (q.status && q.status.length > 0) where.push(inArray(users.status, q.status));
  if (q.query) {
    for (const word of q.query.split(/\s+/).filter(Boolean)) {
      const like = `%${escapeLike(word)}%`;
      const phone = word.replace(/[\s\-().]/g, '');
      where.push(
        or(
          ilike(users.username, like),
          ilike(users.givenName, like),
          ilike(users.familyName, like),
          ilike(users.emailAddress, like),
          ilike(users.customerNumber, like),
          ...(phone ? [ilike(users.mobilePhone, `%${escapeLike(phone)}%`)] : []),
        )!,
      );
    }
  }
  const condition = and(...where);
  const order: SQL[] = [];
  if (q.direction === 'none') order.push(sql`lower(${users.username}) asc`);
  else {
    const column = SORT_COLUMNS[q.sort];
    order.push(q.direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`);
  }
  order.push(q.direction === 'desc' ? desc(users.id) : asc(users.id));

  const [page, [total]] = await Promise.all([
    db
      .select({
        username: users.username,
        givenName: users.givenName,
        familyName: users.familyName,
        emailAddress: users.emailAddress,
        mobilePhone: users.mobilePhone,
        customerNumber: users.customerNumber,
        status: users.status,
        applyDate: users.applyDate,
        lastStatusChangeDate: users.lastStatusChangeDate,
        companyId: companies.id,
        companyName: companies.name,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(condition)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db.select({ n: count() }).from(users).where(condition),
  ]);
  return {
    results: page.map((u) => ({
      username: u.username,
      givenName: u.givenName,
      familyName: u.familyName,
      emailAddress: u.emailAddress,
      mobilePhone: u.mobilePhone,
      customerNumber: u.customerNumber,
      status: u.status,
      applyDate: u.applyDate?.toISOString() ?? null,
      lastStatusChangeDate: u.lastStatusChangeDate?.toISOString() ?? null,
      company: { id: u.companyId, name: u.companyName },
    })),
    totalCount: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
    sort: q.sort,
    direction: q.direction,
  };
}

/**
 * GET /api/fleets/by-username/{username}: the operator a user name belongs to (id and name only), used once the
 * console knows who logged in. Users of another operator answer 404 like unknown ones: the endpoint cannot be used
 * to probe which operator a customer is with.
 */
export async function getFleetByUsername(db: Db, actor: Actor, username: string): Promise<FleetByUsernameResponse> {
  const [row] = await db
    .select({ fleet: fleets.id, name: fleets.name })
    .from(users)
    .innerJoin(fleets, eq(fleets.id, users.fleetId))
    .where(and(sql`lower(${users.username}) = lower(${username.trim()})`, eq(users.fleetId, actor.fleet)))
    .limit(1);
  if (!row) throw AppError.notFound(MESSAGE_IDS.userNotFound, 'userNotFound');
  return row;
}
