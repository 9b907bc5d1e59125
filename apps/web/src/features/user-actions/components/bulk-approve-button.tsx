import { useState } from 'react';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { canBulkApprove, ZUserStatus, type BulkApproveResult, type UserStatus } from '@fleetdesk/contract';
import { BulkActionDialog } from '@/components/bulk-action-dialog';
import { serverMessageText } from '@/lib/i18n/server-message';
import { notifySuccess, notifyWarning } from '@/lib/notifications/notify';
import { bulkApprove, userActionKeys } from '../api/user-actions-api';

export interface BulkApproveButtonProps {
  users: { username: string; status: UserStatus }[];
  onDone?: () => void;
}

/**
 * Why a user is (or would be) approved or not, from the server's message id in the staff member's language: the
 * refusal's status and action are named as the console names them ("… status Active").
 */
function resultText(result: BulkApproveResult, t: TFunction): string {
  const params = { ...result.params };
  const status = ZUserStatus.safeParse(params.status);
  if (status.success) params.status = t(`userActions.status.${status.data}`);
  if (params.action !== undefined) params.action = t('userActions.action.APPROVE');
  return serverMessageText({ messageId: result.messageId, params, message: result.message }, t);
}

/**
 * Bulk approve (§4): enabled only when every selected user is AWAITING_APPROVAL. The dialog first shows the server's
 * plan (POST /api/admin/users/approved with dryRun: per user whether it will be approved, and why not) and asks for a
 * reason (issue 17), then approves and lists the result per user (the new status, or why not).
 */
export function BulkApproveButton({ users, onDone }: BulkApproveButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const enabled = canBulkApprove(users.map((u) => u.status));
  const usernames = users.map((u) => u.username);

  const button = (
    <Button variant="contained" color="success" disabled={!enabled || open} onClick={() => setOpen(true)}>
      {t('userActions.bulk.button', { count: users.length })}
    </Button>
  );

  return (
    <>
      {enabled || users.length === 0 ? (
        button
      ) : (
        <Tooltip title={t('userActions.bulk.onlyAwaiting')}>
          <span>{button}</span>
        </Tooltip>
      )}
      {open && (
        <BulkActionDialog
          titles={{ plan: t('userActions.bulk.confirmTitle', { count: users.length }), report: t('userActions.bulk.resultsTitle') }}
          loadPlan={() => bulkApprove({ usernames, dryRun: true })}
          describePlan={({ results }) => {
            const count = results.filter((r) => r.outcome === 'PLANNED').length;
            return {
              summary: t('userActions.bulk.planSummary', { count, total: results.length, skipped: results.length - count }),
              lines: results.map((r) => ({
                key: r.username,
                outcome: r.outcome,
                primary: r.username,
                secondary: r.outcome === 'PLANNED' ? resultText(r, t) : t('userActions.bulk.willNotBeApproved', { message: resultText(r, t) }),
              })),
              count,
            };
          }}
          confirmLabel={(count) => t('userActions.bulk.confirm', { count })}
          reason={{ label: t('userActions.bulk.reason'), maxLength: 500, help: t('userActions.bulk.reasonHelp') }}
          destructive
          run={(reason) => bulkApprove({ usernames, reason })}
          describeReport={({ results }) => ({
            summary: t('userActions.bulk.summary', { approved: results.filter((r) => r.approved).length, total: results.length }),
            lines: results.map((r) => ({
              key: r.username,
              outcome: r.outcome,
              primary: r.username,
              secondary: r.approved
                ? t('userActions.bulk.approved', { status: r.status ? t(`userActions.status.${r.status}`) : '' })
                : t('userActions.bulk.failed', { message: resultText(r, t) }),
            })),
          })}
          onReport={({ results }) => {
            const approved = results.filter((r) => r.approved).length;
            const summary = t('userActions.bulk.summary', { approved, total: results.length });
            if (approved === results.length) notifySuccess(summary);
            else notifyWarning(summary);
          }}
          onRunSettled={() => void queryClient.invalidateQueries({ queryKey: userActionKeys.users() })}
          onClose={(applied) => {
            setOpen(false);
            if (applied) onDone?.();
          }}
        />
      )}
    </>
  );
}
