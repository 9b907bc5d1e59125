import { ZCardErrorCode } from '@fleetdesk/contract';
import { describe, expect, it } from 'vitest';
import type { PaymentCard } from '../src/integrations/payments/provider.ts';
import { SANDBOX_TEST_CARDS, isSandboxProvider, sandboxPaymentProvider } from '../src/integrations/payments/sandbox.ts';

const NOW = new Date('2025-06-10T09:00:00Z');
const card = (last4: string, expires = '2099-12', providerToken = `tok_${last4}`): PaymentCard => ({
  cardTypeAndMaskedNumber: `VISA **** ${last4}`,
  expires,
  providerToken,
});

describe('sandbox payment provider', () => {
  it('has a test card for every §8 card error code except missing', () => {
    const codes = new Set(Object.values(SANDBOX_TEST_CARDS));
    expect([...codes].sort()).toEqual(ZCardErrorCode.options.filter((c) => c !== 'missing').sort());
    expect(Object.keys(SANDBOX_TEST_CARDS)).not.toContain('3155');
    expect(isSandboxProvider(sandboxPaymentProvider())).toBe(true);
  });

  it.each(Object.entries(SANDBOX_TEST_CARDS))('refuses card ****%s with %s on charge and reserve', async (last4, code) => {
    const sandbox = sandboxPaymentProvider();
    expect(await sandbox.charge(card(last4), 100, 'NOK', `k-${last4}`, NOW)).toEqual({ ok: false, code });
    const r = await sandbox.reserve(card(last4), 100, 'NOK', NOW);
    expect(r).toMatchObject({ status: 'RESERVATION_FAILED', failureCode: code });
    expect(sandbox.ledger().every((e) => e.status === 'FAILED' && e.failureCode === code)).toBe(true);
  });

  it('refuses an expired card with expired_card; charges and reserves a good one; 3155 needs authorisation', async () => {
    const sandbox = sandboxPaymentProvider();
    expect(await sandbox.charge(card('4242', '2025-05'), 10, 'NOK', 'a', NOW)).toEqual({ ok: false, code: 'expired_card' });
    expect(await sandbox.charge(card('4242', '2025-06'), 10, 'NOK', 'b', NOW)).toMatchObject({ ok: true, status: 'PAID' });
    expect(await sandbox.reserve(card('4242'), 10, 'NOK', NOW)).toMatchObject({ status: 'RESERVED' });
    expect(await sandbox.reserve(card('3155'), 10, 'NOK', NOW)).toMatchObject({ status: 'NEEDS_AUTHORIZATION' });
    expect(await sandbox.charge(card('3155'), 10, 'NOK', 'c', NOW)).toMatchObject({ ok: true, status: 'NEEDS_AUTHORIZATION' });
    expect(await sandbox.reserve(card('4242', '2099-01', 'sandbox_decline_x'), 10, 'NOK', NOW)).toMatchObject({
      status: 'RESERVATION_FAILED',
      failureCode: 'card_declined',
    });
  });

  it('applies a charge once per idempotency key', async () => {
    const sandbox = sandboxPaymentProvider();
    const first = await sandbox.charge(card('4242'), 250, 'NOK', 'same', NOW);
    const again = await sandbox.charge(card('4242'), 250, 'NOK', 'same', NOW);
    expect(again).toEqual(first);
    expect(sandbox.ledger().filter((e) => e.kind === 'charge')).toHaveLength(1);
    await sandbox.charge(card('4242'), 250, 'NOK', 'other', NOW);
    expect(sandbox.ledger().filter((e) => e.kind === 'charge')).toHaveLength(2);
  });

  it('captures at most what is reserved and refunds at most what is captured', async () => {
    const sandbox = sandboxPaymentProvider();
    const r = await sandbox.reserve(card('4242'), 100, 'NOK', NOW);
    expect(await sandbox.capture(r.externalId, 60, 'c1')).toEqual({ ok: true });
    expect(await sandbox.capture(r.externalId, 60, 'c1')).toEqual({ ok: true }); // replayed, not applied twice
    expect(await sandbox.capture(r.externalId, 40.01, 'c2')).toEqual({ ok: false, code: 'general_error' });
    expect(await sandbox.capture(r.externalId, 40, 'c3')).toEqual({ ok: true });
    expect(sandbox.ledger().find((e) => e.externalId === r.externalId)).toMatchObject({ captured: 100, status: 'CAPTURED' });
    expect(await sandbox.refund(r.externalId, 70, 'r1')).toEqual({ ok: true });
    expect(await sandbox.refund(r.externalId, 30.01, 'r2')).toEqual({ ok: false, code: 'general_error' });
    expect(await sandbox.refund(r.externalId, 30, 'r3')).toEqual({ ok: true });
    expect(sandbox.ledger().find((e) => e.externalId === r.externalId)).toMatchObject({ refunded: 100 });
  });

  it('accepts external ids it never saw (seeded, or before a restart)', async () => {
    const sandbox = sandboxPaymentProvider();
    expect(await sandbox.capture('sandbox_pi_seeded', 500, 'x')).toEqual({ ok: true });
    expect(await sandbox.refund('sandbox_ch_seeded', 75, 'y')).toEqual({ ok: true });
    expect(await sandbox.authorize('sandbox_pi_unknown', 'AUTHORIZED')).toEqual({ status: 'RESERVED' });
    await expect(sandbox.release('sandbox_pi_unknown2')).resolves.toBeUndefined();
  });

  it('authorises or abandons a reservation waiting for the customer; release frees a reservation', async () => {
    const sandbox = sandboxPaymentProvider();
    const a = await sandbox.reserve(card('3155'), 10, 'NOK', NOW);
    const b = await sandbox.reserve(card('3155'), 10, 'NOK', NOW);
    expect(await sandbox.authorize(a.externalId, 'AUTHORIZED')).toEqual({ status: 'RESERVED' });
    expect(await sandbox.authorize(b.externalId, 'ABANDONED')).toEqual({ status: 'ABANDONED' });
    await sandbox.release(a.externalId);
    const byId = new Map(sandbox.ledger().map((e) => [e.externalId, e.status]));
    expect([byId.get(a.externalId), byId.get(b.externalId)]).toEqual(['RELEASED', 'ABANDONED']);
    await expect(sandbox.reserve(card('4242'), -1, 'NOK', NOW)).rejects.toThrow(RangeError);
  });
});
