import type { TFunction } from 'i18next';
import type { AlarmBulkResponse } from '@fleetdesk/contract';
import type { BulkLine } from '@/components/bulk-action-dialog';

/** Per alarm of a bulk plan or report: which alarm on what, and what happens (or happened) to it and why not. */
export function alarmBulkLines(
  response: AlarmBulkResponse,
  outcomes: 'alarms.bulk.outcomes' | 'alarms.bulk.assign.outcomes',
  t: TFunction,
): BulkLine[] {
  return response.results.map((r) => ({
    key: r.alarmId,
    outcome: r.outcome,
    primary: [r.name ? t(`alarms.names.${r.name}`) : `#${r.alarmId}`, r.target].filter(Boolean).join(' – '),
    secondary: t(`${outcomes}.${r.outcome}`) + (r.reason ? `: ${t(`alarms.bulk.reasons.${r.reason}`)}` : ''),
  }));
}

/** The report's one sentence: how many done, skipped and failed. */
export const alarmBulkReportSummary = (response: AlarmBulkResponse, t: TFunction) =>
  t('alarms.bulk.reportSummary', { count: response.counts.done, skipped: response.counts.skipped, failed: response.counts.failed });
