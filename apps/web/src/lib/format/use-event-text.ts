import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { renderEventText, type EventLogEntry } from '@fleetdesk/contract';
import { useLanguage } from '../i18n/i18n';
import { formatMoney } from './format';

/**
 * An event's text in the UI language (docs/decisions/0048-event-texts.md): its `textParts` through `eventText.<id>`,
 * amounts in the language's notation, listed values (commands, statuses…) translated. Entries written before texts
 * were stored as ids, or with an id this build does not know, show the server's English `displayText`.
 */
export function useEventText(): (event: Pick<EventLogEntry, 'displayText' | 'textParts'>) => string {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  return useCallback(
    (event) =>
      renderEventText(event.textParts, {
        template: (id, params) => {
          const key = `eventText.${id}`;
          // A dynamic key: the ids come from the server (contract EVENT_TEXTS), checked here rather than by the types.
          return i18n.exists(key) ? (t as (k: string, o: Record<string, string>) => string)(key, params) : null;
        },
        money: (amount, currency) => formatMoney(amount, currency, language),
        value: (of, value) => {
          const key = `eventText.values.${of}.${value}`;
          return i18n.exists(key) ? (t as (k: string) => string)(key) : value;
        },
      }) ?? event.displayText,
    [t, i18n, language],
  );
}
