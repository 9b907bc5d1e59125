import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * Suspicious registrations (§3; docs/decisions/0026-identity-licence.md): a customer whose e-mail (case-insensitive),
 * mobile phone or identity number is also a customer's of any operator carries duplicate_email / duplicate_phone /
 * duplicate_identity_number. Staff accounts are not compared. The flags are kept up to date by
 * `refreshDuplicateFlags`, which every write of those fields calls in its transaction; the seed runs
 * `refreshAllDuplicateFlags` once. Lookups use the indexes on lower(email_address), mobile_phone and identity_number.
 */

/** Values a user had before a change (or before deletion), so that their former twins are recomputed too. */
export interface DuplicateKeys {
  emailAddress?: string | null;
  mobilePhone?: string | null;
  identityNumber?: string | null;
}

const list = (values: (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
/** A duplicate key is compared only when it has a non-blank value. */
export const present = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/** The three flags of `u` (an alias of users in the surrounding UPDATE), as SQL expressions. */
const FLAGS = sql`
  duplicate_email = (u.email_address IS NOT NULL AND u.email_address <> '' AND EXISTS (
    SELECT 1 FROM users o WHERE lower(o.email_address) = lower(u.email_address) AND o.id <> u.id AND o.role = 'CUSTOMER')),
  duplicate_phone = (u.mobile_phone IS NOT NULL AND u.mobile_phone <> '' AND EXISTS (
    SELECT 1 FROM users o WHERE o.mobile_phone = u.mobile_phone AND o.id <> u.id AND o.role = 'CUSTOMER')),
  duplicate_identity_number = (u.identity_number IS NOT NULL AND u.identity_number <> '' AND EXISTS (
    SELECT 1 FROM users o WHERE o.identity_number = u.identity_number AND o.id <> u.id AND o.role = 'CUSTOMER'))`;

/**
 * Recomputes the duplicate flags of the given users and of every customer (of any operator) sharing one of their
 * current e-mail, phone or identity values — or one of `previous` (their values before the change, or of a deleted
 * user). Call it in the transaction that creates, updates or deletes users, after the write.
 */
export async function refreshDuplicateFlags(tx: Db, userIds: number[], previous: DuplicateKeys[] = []): Promise<void> {
  const current = userIds.length
    ? await tx
        .select({ emailAddress: users.emailAddress, mobilePhone: users.mobilePhone, identityNumber: users.identityNumber })
        .from(users)
        .where(sql`${users.id} IN (${list(userIds)})`)
    : [];
  const keys = [...current, ...previous];
  const emails = [
    ...new Set(
      keys
        .map((k) => k.emailAddress)
        .filter(present)
        .map((e) => e.toLowerCase()),
    ),
  ];
  const phones = [...new Set(keys.map((k) => k.mobilePhone).filter(present))];
  const idNumbers = [...new Set(keys.map((k) => k.identityNumber).filter(present))];
  const targets: SQL[] = [];
  if (userIds.length) targets.push(sql`u.id IN (${list(userIds)})`);
  if (emails.length) targets.push(sql`lower(u.email_address) IN (${list(emails)})`);
  if (phones.length) targets.push(sql`u.mobile_phone IN (${list(phones)})`);
  if (idNumbers.length) targets.push(sql`u.identity_number IN (${list(idNumbers)})`);
  if (!targets.length) return;
  await tx.execute(sql`UPDATE users u SET ${FLAGS} WHERE u.role = 'CUSTOMER' AND (${sql.join(targets, sql` OR `)})`);
}

/** Recomputes every customer's flags in one statement (the seed, and a repair after bulk loads). */
export async function refreshAllDuplicateFlags(tx: Db): Promise<void> {
  await tx.execute(sql`
    WITH e AS (SELECT lower(email_address) AS k FROM users WHERE role = 'CUSTOMER' AND email_address <> '' GROUP BY 1 HAVING count(*) > 1),
         p AS (SELECT mobile_phone AS k FROM users WHERE role = 'CUSTOMER' AND mobile_phone <> '' GROUP BY 1 HAVING count(*) > 1),
         i AS (SELECT identity_number AS k FROM users WHERE role = 'CUSTOMER' AND identity_number <> '' GROUP BY 1 HAVING count(*) > 1),
         flags AS (
           SELECT u.id,
             coalesce(lower(u.email_address) IN (SELECT k FROM e), false) AS de,
             coalesce(u.mobile_phone IN (SELECT k FROM p), false) AS dp,
             coalesce(u.identity_number IN (SELECT k FROM i), false) AS di
           FROM users u WHERE u.role = 'CUSTOMER')
    UPDATE users u SET duplicate_email = f.de, duplicate_phone = f.dp, duplicate_identity_number = f.di
    FROM flags f
    WHERE u.id = f.id AND (u.duplicate_email, u.duplicate_phone, u.duplicate_identity_number) IS DISTINCT FROM (f.de, f.dp, f.di)`);
}
