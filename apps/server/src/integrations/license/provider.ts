/**
 * The driver's-licence register behind §4/§5's licence check (GUIDE §1: every integration sits behind a small
 * interface with a default that really works on one machine). Sweden (Transportstyrelsen) and Norway (Statens
 * vegvesen) are asked by the holder's personal identity number; other countries are validated manually by staff and
 * never reach the register. The default is the sandbox (`sandbox.ts`, docs/decisions/0026-identity-licence.md).
 */
export type LicenseRegistryCountry = 'SE' | 'NO';

export interface LicenseLookup {
  country: LicenseRegistryCountry;
  /** The holder's identity number in its stored form (SE YYYYMMDD-NNNN, NO 11 digits). */
  identityNumber: string;
  /** The licence expiry the staff member read off the licence (YYYY-MM-DD); required for SE. */
  validUntil: string | null;
  /** The day of the check (YYYY-MM-DD), for expiry. */
  today: string;
}

export interface LicenseVerdict {
  /** SUCCESS: a valid licence. REJECTED: none, revoked or expired. ERROR: the register could not answer. */
  result: 'SUCCESS' | 'REJECTED' | 'ERROR';
  /** Who answered, stored as users.license_verifier (e.g. 'Transportstyrelsen'). */
  verifier: string;
  /** A short reason for REJECTED and ERROR. */
  reason: string | null;
}

export interface LicenseVerifier {
  verify(lookup: LicenseLookup, signal?: AbortSignal): Promise<LicenseVerdict>;
}

export const REGISTRY_NAME: Record<LicenseRegistryCountry, string> = { SE: 'Transportstyrelsen', NO: 'Statens vegvesen' };
