import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { userContracts, users } from '../db/schema.ts';
import { CUSTOMER_PASSWORD } from './catalog.ts';
import { count, must, type FleetWorld, type SharedState } from './demo-world.ts';
import { DAY, HOUR } from './random.ts';

/**
 * Licence demo customers (docs/demo-data.md, docs/decisions/0026-identity-licence.md): per operator, two customers
 * awaiting approval whose (manually verified) identity numbers are the sandbox licence register's REJECTED and ERROR
 * persons, so the approval wizard's licence step shows both §8 failures. Any other valid identity number (demo.pending
 * after setting one) is a licence holder in the sandbox.
 *
 * Appended after everything else of the operator (the next customer numbers), drawing no random numbers, so that no
 * other demo identifier moves.
 */
interface LicenseDemoPerson {
  username: string;
  givenName: string;
  familyName: string;
  phones: string[];
  identityNumber: string;
  street: string;
  zip: string;
  city: string;
}

export const LICENSE_DEMO_PEOPLE: Record<string, LicenseDemoPerson[]> = {
  fjord: [
    {
      username: 'demo.license.rejected',
      givenName: 'Tone',
      familyName: 'Vik',
      phones: ['+4792233441', '+4792233442'],
      identityNumber: '05058500056',
      street: 'Møllergata 9',
      zip: '0179',
      city: 'Oslo',
    },
    {
      username: 'demo.license.error',
      givenName: 'Per',
      familyName: 'Moen',
      phones: ['+4792233451', '+4792233452'],
      identityNumber: '07077700018',
      street: 'Storgata 3',
      zip: '0155',
      city: 'Oslo',
    },
  ],
  malar: [
    {
      username: 'demo.se.license.rejected',
      givenName: 'Karin',
      familyName: 'Ek',
      phones: ['+46702233441', '+46702233442'],
      identityNumber: '19850505-0008',
      street: 'Drottninggatan 20',
      zip: '111 51',
      city: 'Stockholm',
    },
    {
      username: 'demo.se.license.error',
      givenName: 'Olof',
      familyName: 'Sand',
      phones: ['+46702233451', '+46702233452'],
      identityNumber: '19770707-0004',
      street: 'Vasagatan 7',
      zip: '111 20',
      city: 'Stockholm',
    },
  ],
};

export async function insertLicenseDemoCustomers(db: Db, w: FleetWorld, sh: SharedState): Promise<string[]> {
  const cat = w.cat;
  const people = LICENSE_DEMO_PEOPLE[cat.id] ?? [];
  if (!people.length) return [];
  const contract = must(
    [...w.contracts.values()].find((c) => c.spec.type === 'PRIVATE'),
    'private contract',
  );
  const company = must(
    [...w.companies.values()].find((c) => c.type === 'CONSUMER'),
    'consumer company',
  );
  const [numbers] = await db
    .select({
      customer: sql<number>`coalesce(max(${users.customerNumber}::bigint), ${cat.customerNumberBase})::bigint`,
    })
    .from(users)
    .where(sql`${users.fleetId} = ${cat.id} and ${users.customerNumber} ~ '^[0-9]+$'`);
  let customerNumber = Number(numbers?.customer ?? cat.customerNumberBase);

  const names: string[] = [];
  for (const [i, p] of people.entries()) {
    const phone = p.phones.find((x) => !sh.used.phones.has(x));
    if (!phone || sh.used.usernames.has(p.username)) throw new Error(`Demo seed: cannot add ${p.username}`);
    sh.used.usernames.add(p.username);
    sh.used.phones.add(phone);
    const applyDate = new Date(w.base - (2 + i) * DAY - 5 * HOUR);
    const verifiedAt = new Date(applyDate.getTime() + 2 * HOUR);
    const [row] = await db
      .insert(users)
      .values({
        fleetId: cat.id,
        username: p.username,
        role: 'CUSTOMER',
        passwordHash: must(sh.hashes.get(CUSTOMER_PASSWORD), 'customer hash'),
        givenName: p.givenName,
        familyName: p.familyName,
        emailAddress: `${p.username.replace(/^demo\./, '').replace(/\./g, '-')}@example.${cat.country === 'NO' ? 'no' : 'se'}`,
        mobilePhone: phone,
        language: cat.language,
        streetAddress: p.street,
        zipCode: p.zip,
        city: p.city,
        countryCode: cat.country,
        customerNumber: String(++customerNumber),
        licenseState: 'PENDING',
        verifiedDriversLicense: false,
        identityVerified: true,
        identityCountry: cat.country,
        identityMethod: 'MANUAL',
        identityGivenName: p.givenName,
        identityFamilyName: p.familyName,
        identityNumber: p.identityNumber,
        identityVerifiedAt: verifiedAt,
        identityVerifiedBy: w.support,
        companyId: company.id,
        userCategory: 'PRIVATE',
        status: 'AWAITING_APPROVAL',
        lastStatusChangeDate: applyDate,
        applyDate,
        createdAt: applyDate,
        updatedAt: verifiedAt,
      })
      .returning({ id: users.id });
    await db.insert(userContracts).values({ userId: must(row, p.username).id, contractId: contract.id });
    names.push(p.username);
  }
  count(sh, 'users', people.length);
  count(sh, 'user_contracts', people.length);
  return names;
}
