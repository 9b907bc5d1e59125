import { describe, expect, it } from 'vitest';
import type { PaletteItem } from '@fleetdesk/contract';
import { paletteSubtitle, parseRecentItems } from '@/app/layout/palette-subtitle';
import { i18n } from '@/lib/i18n/i18n';

/** Issue 19 point 1: the command palette shows the server's codes in the UI language (docs/decisions/0067). */
const company: PaletteItem = { kind: 'COMPANY', key: '7', title: 'Solberg Snekkeri AS', companyType: 'CORPORATE', href: '/companies/7' };
const payment: PaletteItem = {
  kind: 'PAYMENT',
  key: 'SOL7770001',
  title: 'SOL7770001',
  bid: 'BID9000000001',
  paymentType: 'CREDITCARD',
  status: 'PAID',
  href: '/payments?order=SOL7770001',
};
const booking: PaletteItem = {
  kind: 'BOOKING',
  key: 'BID9000000001',
  title: 'BID9000000001',
  customer: 'Solberg, Kari',
  registrationNumber: null,
  pool: 'Solberg Torg',
  href: '/booking/BID9000000001',
};

describe('paletteSubtitle', () => {
  it("translates a company's type and a payment's type and status with the screens' labels, never showing the codes", () => {
    const en = i18n.getFixedT('en-GB');
    const de = i18n.getFixedT('de');
    expect(paletteSubtitle(company, en)).toBe('Corporate');
    expect(paletteSubtitle(company, de)).toBe('Unternehmen');
    expect(paletteSubtitle(payment, en)).toBe('BID9000000001 · Credit card · Paid');
    expect(paletteSubtitle(payment, i18n.getFixedT('nb'))).toBe('BID9000000001 · Kredittkort · Betalt');
    expect(paletteSubtitle(payment, i18n.getFixedT('sv'))).toBe('BID9000000001 · Kreditkort · Betald');
    for (const t of [en, de]) {
      for (const item of [company, payment]) expect(paletteSubtitle(item, t)).not.toMatch(/CORPORATE|CREDITCARD|PAID/);
    }
  });

  it('joins the plain data of the other kinds and leaves out what is missing', () => {
    const en = i18n.getFixedT('en-GB');
    expect(paletteSubtitle(booking, en)).toBe('Solberg, Kari · Solberg Torg');
    expect(paletteSubtitle({ ...booking, customer: null, pool: '' }, en)).toBeNull();
    expect(paletteSubtitle({ kind: 'POOL', key: '1', title: 'Solberg Torg', city: 'Drammen', href: '/pools' }, en)).toBe('Drammen');
  });
});

describe('parseRecentItems', () => {
  it('keeps recent records of the current shape and drops older ones with a stored subtitle', () => {
    const old = { kind: 'COMPANY', key: '7', title: 'Solberg Snekkeri AS', subtitle: 'CORPORATE', href: '/companies/7' };
    expect(parseRecentItems([company, old, payment, null])).toEqual([company, payment]);
    expect(parseRecentItems({ not: 'a list' })).toEqual([]);
  });
});
