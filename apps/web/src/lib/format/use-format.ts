import { useMemo } from 'react';
import type { Language } from '@fleetdesk/contract';
import { useLanguage } from '../i18n/i18n';
import { formatDate, formatDateTime, formatDateTimeSeconds, formatDuration, formatMoney, formatNumber } from './format';

/** The formatting functions bound to the current UI language. */
export function useFormat() {
  const language: Language = useLanguage();
  return useMemo(
    () => ({
      date: formatDate,
      dateTime: formatDateTime,
      dateTimeSeconds: formatDateTimeSeconds,
      number: (value: number, decimals?: number) => formatNumber(value, language, decimals),
      money: (amount: number, currency: string) => formatMoney(amount, currency, language),
      duration: (ms: number) => formatDuration(ms, language),
    }),
    [language],
  );
}
