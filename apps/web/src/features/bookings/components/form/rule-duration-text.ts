import { DAY_MS, HOUR_MS, MINUTE_MS, type Language } from '@fleetdesk/contract';
import { INTL_LOCALES } from '@/lib/i18n/languages';

const UNITS = [
  { ms: DAY_MS, unit: 'day' },
  { ms: HOUR_MS, unit: 'hour' },
  { ms: MINUTE_MS, unit: 'minute' },
] as const;

/**
 * A rule's duration in words of the UI language: '1 hour', '30 minutes', '3 days', '1 day 12 hours'. Weeks
 * are written as days (P2W reads '14 days'), as the server writes them.
 */
export function ruleDurationText(ms: number, language: Language): string {
  let rest = Math.max(0, Math.round(ms / MINUTE_MS) * MINUTE_MS);
  const parts: string[] = [];
  for (const { ms: unitMs, unit } of UNITS) {
    const count = Math.floor(rest / unitMs);
    rest -= count * unitMs;
    if (count > 0) {
      parts.push(new Intl.NumberFormat(INTL_LOCALES[language], { style: 'unit', unit, unitDisplay: 'long' }).format(count));
    }
  }
  return parts.length > 0
    ? parts.join(' ')
    : new Intl.NumberFormat(INTL_LOCALES[language], { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(0);
}
