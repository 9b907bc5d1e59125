import { createHash } from 'node:crypto';
import type { User } from '@fleetdesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, identityProviders, payments, registeredCards, userAuthMethods, users } from '../../db/schema.ts';

/**
 * The §3 User (ZUser) of one users row, for PUT /api/users/{username}/identity. A self-contained mapping of the
 * identity module until the user-admin module's own (ZUserDetail) lands; then the identity route can answer with
 * that one instead (docs/decisions/0026-identity-licence.md).
 */
type UserRow = typeof users.$inferSelect;

/** §5: characters outside letters, digits, underscore and hyphen become underscores, plus a hash of the name. */
export const htmlIdOf = (username: string) =>
  `${username.replace(/[^A-Za-z0-9_-]/g, '_')}-${createHash('sha256').update(username).digest('hex').slice(0, 8)}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function toUserView(db: Db, row: UserRow): Promise<User> {
  const company = row.companyId === null ? null : await companyRef(db, row.companyId);
  const cards = await db.select().from(registeredCards).where(eq(registeredCards.userId, row.id)).orderBy(registeredCards.id);
  const methods = await db
    .select({ displayName: identityProviders.displayName, providerLogoUrl: identityProviders.providerLogoUrl, issuer: identityProviders.issuer, preventPasswordLogin: identityProviders.preventPasswordLogin })
    .from(userAuthMethods)
    .innerJoin(identityProviders, eq(identityProviders.id, userAuthMethods.providerId))
    .where(eq(userAuthMethods.userId, row.id));
  const outstanding = await db
    .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${payments.totalPrice}), 0)::text`, currency: payments.currency })
    .from(payments)
    .where(and(eq(payments.userId, row.id), inArray(payments.status, ['UNPAID', 'RESERVATION_FAILED'])))
    .groupBy(payments.currency);
  return {
    username: row.username,
    givenName: row.givenName,
    familyName: row.familyName,
    emailAddress: row.emailAddress,
    mobilePhone: row.mobilePhone,
    language: row.language,
    fleet: row.fleetId,
    address: { streetAddress: row.streetAddress, zipCode: row.zipCode, city: row.city, countryCode: row.countryCode },
    pinCode: row.pinCode,
    rfid: row.rfid,
    customerNumber: row.customerNumber,
    campaignCode: row.campaignCode,
    note: row.note,
    premiumAccess: row.premiumAccess,
    verifiedDriversLicense: row.verifiedDriversLicense,
    identityVerified: row.identityVerified,
    userIdentity: row.identityCountry || row.identityMethod
      ? { identityCountry: row.identityCountry, identityMethod: row.identityMethod, identityGivenName: row.identityGivenName, identityFamilyName: row.identityFamilyName }
      : null,
    userCategory: row.userCategory,
    company,
    status: row.status,
    lastStatusChangeDate: iso(row.lastStatusChangeDate),
    applyDate: iso(row.applyDate),
    passwordLoginAllowed: row.passwordLoginAllowed,
    htmlId: htmlIdOf(row.username),
    needsToSetPassword: row.needsToSetPassword,
    blockStatus: row.blockReason
      ? { blockReason: row.blockReason, blockMessage: row.blockMessage, blockedByUsername: row.blockedByUsername, timestamp: (row.blockedAt ?? row.updatedAt).toISOString() }
      : null,
    suspiciousRegistration: row.duplicateEmail || row.duplicatePhone || row.duplicateIdentityNumber
      ? { duplicateEmail: row.duplicateEmail, duplicatePhone: row.duplicatePhone, duplicateIdentityNumber: row.duplicateIdentityNumber }
      : null,
    freeMonths: row.freeMonths,
    hasOutstandingPayments: outstanding.some((o) => o.n > 0),
    outstandingPayments: outstanding.map((o) => ({ numberOfPayments: o.n, totalCost: Number(o.total), currencyCode: o.currency })),
    paymentMethods: { registeredCards: cards.map((c) => ({ id: String(c.id), cardTypeAndMaskedNumber: c.cardTypeAndMaskedNumber, expires: c.expires })) },
    userAuthenticationMethods: methods.map((m) => ({
      userAuthFields: { loginUrl: m.issuer, providerLogoUrl: m.providerLogoUrl, displayName: m.displayName, preventPasswordLogin: m.preventPasswordLogin },
    })),
  };
}

async function companyRef(db: Db, companyId: number): Promise<User['company']> {
  const chain: (typeof companies.$inferSelect)[] = [];
  let next: number | null = companyId;
  while (next !== null && chain.length < 20) {
    const [c] = await db.select().from(companies).where(eq(companies.id, next)).limit(1);
    if (!c) break;
    chain.push(c);
    next = c.parentId;
  }
  const own = chain[0];
  if (!own) return null;
  const hasContact = own.contactFirstName || own.contactLastName || own.contactEmail || own.contactPhone;
  return {
    id: own.id,
    type: own.type,
    name: own.name,
    contact: hasContact ? { firstName: own.contactFirstName, lastName: own.contactLastName, emailAddress: own.contactEmail, phoneNo: own.contactPhone } : null,
    parentHierarchy: chain.slice(1).reverse().map((c) => ({ id: c.id, name: c.name })),
  };
}
