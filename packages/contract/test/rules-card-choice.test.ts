import { describe, expect, it } from 'vitest';
import { chooseCard, isCardExpired } from '../src/index.ts';

const card = (id: number, expires: string, createdAt: string) => ({ id, expires, createdAt: new Date(createdAt) });

describe('isCardExpired (UTC months)', () => {
  it('keeps a card valid until its expiry month has ended in UTC', () => {
    expect(isCardExpired('2026-03', new Date('2026-03-31T23:59:59Z'))).toBe(false);
    expect(isCardExpired('2026-03', new Date('2026-04-01T00:00:00Z'))).toBe(true);
    // 00:30 on 1 April in Oslo is still March in UTC: the card is valid for 30 more minutes.
    expect(isCardExpired('2026-03', new Date('2026-04-01T00:30:00+02:00'))).toBe(false);
    expect(isCardExpired('2099-12', new Date('2026-01-01T00:00:00Z'))).toBe(false);
  });

  it('treats an unreadable expiry as expired', () => {
    for (const expires of ['', '2026-3', '03/26', '2026-13', '2026-00'])
      expect(isCardExpired(expires, new Date('2020-01-01T00:00:00Z')), expires).toBe(true);
  });
});

describe('chooseCard: the newest registered card that has not expired', () => {
  const now = new Date('2026-06-15T12:00:00Z');

  it('takes the newest valid card, not the oldest, and skips a newer expired one', () => {
    const oldest = card(1, '2030-01', '2024-01-01T00:00:00Z');
    const newest = card(2, '2030-01', '2025-01-01T00:00:00Z');
    const expired = card(3, '2026-05', '2026-01-01T00:00:00Z');
    expect(chooseCard([oldest, newest, expired], now)).toEqual({ card: newest, refusal: null });
    expect(chooseCard([expired, newest, oldest], now).card).toBe(newest);
  });

  it('breaks a tie of registration times by the highest id; reads ISO registration times too', () => {
    const a = card(7, '2030-01', '2025-01-01T00:00:00Z');
    const b = card(9, '2030-01', '2025-01-01T00:00:00Z');
    expect(chooseCard([b, a], now).card).toBe(b);
    const text = { id: 1, expires: '2030-01', createdAt: '2026-01-01T00:00:00Z' };
    expect(chooseCard([a, text], now).card).toBe(text);
  });

  it('says why there is none: no card at all, or only expired ones', () => {
    expect(chooseCard([], now)).toEqual({ card: null, refusal: 'missing' });
    expect(chooseCard([card(1, '2026-05', '2025-01-01T00:00:00Z')], now)).toEqual({ card: null, refusal: 'expired_card' });
  });
});
