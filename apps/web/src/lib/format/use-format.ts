import { useMemo } from 'react';
import type { Language } from '@fleetdesk/contract';
import { useLanguage } from '../i18n/i18n';
import { useDisplayTimeZone } from './display-time-zone';
import { type DateInput, formatDate, formatDateTime, formatDateTimeSeconds, formatDuration, formatMoney, formatNumber } from './format';

/** The formatting functions bound to the current UI language and the operator's time zone. */
export function useFormat() {
  const language: Language = useLanguage();
  const timeZone = useDisplayTimeZone() ?? undefined;
  return useMemo(
    () => ({
      date: (value: DateInput) => formatDate(value, timeZone),
      dateTime: (value: DateInput) => formatDateTime(value, timeZone),
      dateTimeSeconds: (value: DateInput) => formatDateTimeSeconds(value, timeZone),
      number: (value: number, decimals?: number) => formatNumber(value, language, decimals),
      money: (amount: number, currency: string) => formatMoney(amount, currency, language),
      duration: (ms: number) => formatDuration(ms, language),
    }),
    [language, timeZone],
  );
}
