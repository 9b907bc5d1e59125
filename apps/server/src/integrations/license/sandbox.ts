import { REGISTRY_NAME, type LicenseLookup, type LicenseRegistryCountry, type LicenseVerdict, type LicenseVerifier } from './provider.ts';

/**
 * The sandbox licence register: deterministic answers for documented demo persons (docs/demo-data.md,
 * docs/decisions/0026-identity-licence.md), like a registry lookup by personal identity number.
 *
 * | country | identity number | answer |
 * |---------|-----------------|--------|
 * | SE | 19850505-0008 | REJECTED: no valid licence in the register |
 * | SE | 19770707-0004 | ERROR: the register does not answer |
 * | SE | 19881111-0009 | SUCCESS after a slow answer (SLOW_ANSWER_MS) |
 * | NO | 05058500056   | REJECTED: no valid licence in the register |
 * | NO | 07077700018   | ERROR: the register does not answer |
 * | NO | 11118800011   | SUCCESS after a slow answer (SLOW_ANSWER_MS) |
 *
 * Every other person holds a licence: SUCCESS, unless the stated expiry (validUntil) is before the day of the
 * check, which is REJECTED (expired). `delayMs` adds a fixed latency to every answer (a realistic 300–800 ms
 * register round trip; 0 in tests).
 */
export const SANDBOX_LICENSE_PERSONS: Record<LicenseRegistryCountry, Record<string, 'REJECTED' | 'ERROR' | 'SLOW'>> = {
  SE: { '19850505-0008': 'REJECTED', '19770707-0004': 'ERROR', '19881111-0009': 'SLOW' },
  NO: { '05058500056': 'REJECTED', '07077700018': 'ERROR', '11118800011': 'SLOW' },
};
export const SLOW_ANSWER_MS = 3000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export function sandboxLicenseVerifier(opts: { delayMs?: number; slowAnswerMs?: number } = {}): LicenseVerifier {
  const delayMs = opts.delayMs ?? 0;
  const slowAnswerMs = opts.slowAnswerMs ?? SLOW_ANSWER_MS;
  return {
    async verify(lookup: LicenseLookup, signal?: AbortSignal): Promise<LicenseVerdict> {
      const verifier = REGISTRY_NAME[lookup.country];
      const known = SANDBOX_LICENSE_PERSONS[lookup.country][lookup.identityNumber];
      await sleep(delayMs + (known === 'SLOW' ? slowAnswerMs : 0), signal);
      if (known === 'ERROR') return { result: 'ERROR', verifier, reason: 'The licence register did not answer' };
      if (known === 'REJECTED') return { result: 'REJECTED', verifier, reason: 'No valid driving licence in the register' };
      if (lookup.validUntil && lookup.validUntil < lookup.today) {
        return { result: 'REJECTED', verifier, reason: `The licence expired on ${lookup.validUntil}` };
      }
      return { result: 'SUCCESS', verifier, reason: null };
    },
  };
}
