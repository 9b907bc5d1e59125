import type { TFunction } from 'i18next';
import { ZPaletteItem, type PaletteItem } from '@fleetdesk/contract';

/**
 * The line under a command palette hit: the plain data the server sent, its codes (a company's type, a payment's type
 * and status) in the UI language with the labels the companies and payments screens use. Null when there is nothing.
 */
export function paletteSubtitle(item: PaletteItem, t: TFunction): string | null {
  const parts: (string | null)[] = (() => {
    switch (item.kind) {
      case 'USER':
        return [item.username];
      case 'BOOKING':
        return [item.customer, item.registrationNumber, item.pool];
      case 'VEHICLE':
        return [item.longPresentation];
      case 'POOL':
        return [item.city];
      case 'COMPANY':
        return [t(`companies.type.${item.companyType}`)];
      case 'PAYMENT':
        return [item.bid, t(`payments.type.${item.paymentType}`), t(`payments.status.${item.status}`)];
    }
  })();
  return parts.filter(Boolean).join(' · ') || null;
}

/**
 * The recent records kept in the browser, as the palette reads them back: entries of an older shape (a stored
 * subtitle with codes) or otherwise malformed are dropped, not shown.
 */
export function parseRecentItems(raw: unknown): PaletteItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    const parsed = ZPaletteItem.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
