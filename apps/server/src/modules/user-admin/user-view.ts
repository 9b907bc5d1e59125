import { isLanguage, userActionsFor, vehicleAccessOf, type UserDetail } from '@fleetdesk/contract';
import { userAbilities } from './rules.ts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailLanguage } from '../../lib/mail-language.ts';
import { companies, fleets, identityProviders, payments, registeredCards, userAuthMethods, users } from '../../db/schema.ts';
import type { Actor } from '../auth/index.ts';
import { OUTSTANDING_STATUSES } from '../payments/index.ts';
import { userNotFound } from '../users/index.ts';

export type UserRow = typeof users.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;

/** What building a User needs besides the database: the public URL of the single-sign-on login links. */
export interface UserViewSettings {
  publicUrl: string;
}

const byName = (username: string) => sql`lower(${users.username}) = lower(${username.trim()})`;

/**
 * The operator's customer by user name (any case); an unknown name, another operator's user or a staff account is
 * 404. With `forUpdate` the row is locked until the transaction ends, so concurrent actions see each other's status.
 */
export async function findCustomer(db: Db, actor: Actor, username: string, opts: { forUpdate?: boolean } = {}): Promise<UserRow> {
  if (!username.trim()) throw userNotFound();
  const query = db
    .select()
    .from(users)
    .where(and(byName(username), eq(users.fleetId, actor.fleet), eq(users.role, 'CUSTOMER')))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw userNotFound();
  return row;
}

/** Whether the user signs in with an external single-sign-on method (§6 locked fields, no password reset). */
export async function hasSingleSignOn(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ userId: userAuthMethods.userId }).from(userAuthMethods).where(eq(userAuthMethods.userId, userId)).limit(1);
  return Boolean(row);
}

/** The company's ancestors, from the top-level company down to the direct parent. */
async function parentHierarchy(db: Db, company: CompanyRow): Promise<{ id: number; name: string }[]> {
  if (company.parentId === null) return [];
  const result = await db.execute(sql`
    with recursive up(id, parent_id, name, depth) as (
      select ${companies.id}, ${companies.parentId}, ${companies.name}, 0 from ${companies}
      where ${companies.id} = ${company.parentId} and ${companies.fleetId} = ${company.fleetId}
      union all
      select c.id, c.parent_id, c.name, up.depth + 1 from companies c join up on c.id = up.parent_id
      where c.fleet_id = ${company.fleetId} and up.depth < 50
    )
    select id, name from up order by depth desc`);
  const rows = (result as unknown as { rows: { id: number | string; name: string }[] }).rows;
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The §3 User of a customer row, with the user page's extras (ZUserDetail). */
export async function toUserDetail(db: Db, actor: Actor, u: UserRow, settings: UserViewSettings): Promise<UserDetail> {
  const [companyRow, cards, outstanding, methods, fleet] = await Promise.all([
    u.companyId === null
      ? Promise.resolve(undefined)
      : db
          .select()
          .from(companies)
          .where(and(eq(companies.id, u.companyId), eq(companies.fleetId, actor.fleet)))
          .limit(1)
          .then((r) => r[0]),
    db
      .select()
      .from(registeredCards)
      .where(and(eq(registeredCards.userId, u.id), eq(registeredCards.fleetId, actor.fleet)))
      .orderBy(desc(registeredCards.createdAt), desc(registeredCards.id)),
    db
      .select({
        currency: payments.currency,
        n: sql<number>`count(*)::int`,
        total: sql<string>`coalesce(sum(${payments.totalPrice}), 0)::text`,
      })
      .from(payments)
      .where(and(eq(payments.userId, u.id), eq(payments.fleetId, actor.fleet), inArray(payments.status, [...OUTSTANDING_STATUSES])))
      .groupBy(payments.currency)
      .orderBy(payments.currency),
    db
      .select({ provider: identityProviders })
      .from(userAuthMethods)
      .innerJoin(identityProviders, eq(identityProviders.id, userAuthMethods.providerId))
      .where(eq(userAuthMethods.userId, u.id))
      .orderBy(identityProviders.id),
    // A language outside the four is shown as the one the console writes to the person in (the mails'), with the
    // code on record beside it (docs/decisions/0082-user-language-on-record.md).
    isLanguage(u.language)
      ? Promise.resolve(undefined)
      : db
          .select({ defaultLanguage: fleets.defaultLanguage })
          .from(fleets)
          .where(eq(fleets.id, actor.fleet))
          .limit(1)
          .then((r) => r[0]),
  ]);
  const company = companyRow
    ? {
        id: companyRow.id,
        type: companyRow.type,
        name: companyRow.name,
        contact:
          companyRow.contactFirstName || companyRow.contactLastName || companyRow.contactEmail || companyRow.contactPhone
            ? {
                firstName: companyRow.contactFirstName,
                lastName: companyRow.contactLastName,
                emailAddress: companyRow.contactEmail,
                phoneNo: companyRow.contactPhone,
              }
            : null,
        parentHierarchy: await parentHierarchy(db, companyRow),
      }
    : null;
  const outstandingPayments = outstanding.map((o) => ({
    numberOfPayments: o.n,
    totalCost: Math.round(Number(o.total) * 100) / 100,
    currencyCode: o.currency,
  }));
  const singleSignOn = methods.length > 0;
  const hasIdentity = u.identityCountry || u.identityMethod || u.identityGivenName || u.identityFamilyName;
  return {
    username: u.username,
    givenName: u.givenName,
    familyName: u.familyName,
    emailAddress: u.emailAddress,
    mobilePhone: u.mobilePhone,
    language: mailLanguage(u.language, fleet?.defaultLanguage),
    languageOnRecord: isLanguage(u.language) ? null : u.language,
    fleet: u.fleetId,
    address: { streetAddress: u.streetAddress, zipCode: u.zipCode, city: u.city, countryCode: u.countryCode },
    pinCode: u.pinCode,
    rfid: u.rfid,
    customerNumber: u.customerNumber,
    campaignCode: u.campaignCode,
    note: u.note,
    premiumAccess: u.premiumAccess,
    verifiedDriversLicense: u.verifiedDriversLicense,
    identityVerified: u.identityVerified,
    userIdentity: hasIdentity
      ? {
          identityCountry: u.identityCountry,
          identityMethod: u.identityMethod,
          identityGivenName: u.identityGivenName,
          identityFamilyName: u.identityFamilyName,
        }
      : null,
    userCategory: u.userCategory,
    company,
    status: u.status,
    lastStatusChangeDate: iso(u.lastStatusChangeDate),
    applyDate: iso(u.applyDate),
    passwordLoginAllowed: u.passwordLoginAllowed,
    htmlId: htmlIdOf(u.username),
    needsToSetPassword: u.needsToSetPassword,
    blockStatus: u.blockReason
      ? {
          blockReason: u.blockReason,
          blockMessage: u.blockMessage,
          blockedByUsername: u.blockedByUsername,
          timestamp: (u.blockedAt ?? u.updatedAt).toISOString(),
        }
      : null,
    suspiciousRegistration:
      u.duplicateEmail || u.duplicatePhone || u.duplicateIdentityNumber
        ? { duplicateEmail: u.duplicateEmail, duplicatePhone: u.duplicatePhone, duplicateIdentityNumber: u.duplicateIdentityNumber }
        : null,
    freeMonths: u.freeMonths,
    hasOutstandingPayments: outstandingPayments.length > 0,
    outstandingPayments,
    paymentMethods: {
      registeredCards: cards.map((c) => ({ id: String(c.id), cardTypeAndMaskedNumber: c.cardTypeAndMaskedNumber, expires: c.expires })),
    },
    userAuthenticationMethods: methods.map(({ provider: p }) => ({
      userAuthFields: {
        loginUrl: `${settings.publicUrl}/api/auth/sso/${p.id}/login?username=${encodeURIComponent(u.username)}`,
        providerLogoUrl: p.providerLogoUrl,
        displayName: p.displayName,
        preventPasswordLogin: p.preventPasswordLogin,
      },
    })),
    vehicleAccess: vehicleAccessOf(u),
    driversLicense: {
      state: u.licenseState,
      verifier: u.licenseVerifier,
      timestamp: iso(u.licenseCheckedAt),
      country: u.licenseCountry,
      validUntil: u.licenseValidUntil,
    },
    identityVerifiedBy: u.identityVerifiedBy,
    identityVerifiedAt: iso(u.identityVerifiedAt),
    singleSignOn,
    availableActions: userActionsFor({
      status: u.status,
      passwordLoginAllowed: u.passwordLoginAllowed,
      singleSignOn,
      identityVerified: u.identityVerified,
    }),
    abilities: userAbilities({ status: u.status, passwordLoginAllowed: u.passwordLoginAllowed, singleSignOn, identityVerified: u.identityVerified }),
    approvedBy: u.approvedBy,
    approvedAt: iso(u.approvedAt),
    deletionRequestedBy: u.deletionRequestedBy,
    deletionRequestedAt: iso(u.deletionRequestedAt),
    confirmationSentAt: iso(u.confirmationSentAt),
    membership: {
      required: companyRow?.requiresMembershipConfirmation ?? false,
      confirmedAt: iso(u.membershipConfirmedAt),
      confirmedBy: u.membershipConfirmedBy,
      override: u.membershipOverride,
    },
  };
}

/**
 * §5: the username as an element id: characters outside letters, digits, underscore and hyphen become underscores,
 * and a short hash of the whole name keeps ids of names that differ only there apart.
 */
export function htmlIdOf(username: string): string {
  let h = 0x811c9dc5;
  for (const ch of username) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${username.replace(/[^A-Za-z0-9_-]/g, '_')}_${h.toString(36)}`;
}

/** GET /api/users/{username} */
export async function getUserDetail(db: Db, actor: Actor, username: string, settings: UserViewSettings): Promise<UserDetail> {
  return toUserDetail(db, actor, await findCustomer(db, actor, username), settings);
}
