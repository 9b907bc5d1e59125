import { useId, useState } from 'react';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { canBulkApprove, type BulkApproveResponse, type UserStatus } from '@fleetdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyError, notifySuccess, notifyWarning } from '@/lib/notifications/notify';
import { bulkApprove, userActionKeys } from '../api/user-actions-api';

export interface BulkApproveButtonProps {
  users: { username: string; status: UserStatus }[];
  onDone?: () => void;
}

/**
 * Bulk approve (§4): enabled only when every selected user is AWAITING_APPROVAL; it first shows its plan (how many
 * users, their names) and asks for a reason (issue 17), then POST /api/admin/users/approved; the result per user (the
 * new status, or why not) is listed in a dialog.
 */
export function BulkApproveButton({ users, onDone }: BulkApproveButtonProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [results, setResults] = useState<BulkApproveResponse['results'] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const enabled = canBulkApprove(users.map((u) => u.status));
  const mutation = useMutation({
    mutationFn: (reason: string) =>
      bulkApprove(
        users.map((u) => u.username),
        reason,
      ),
    meta: { notifyErrors: false },
    onSuccess: ({ results: rows }) => {
      setConfirming(false);
      const approved = rows.filter((r) => r.approved).length;
      const summary = t('userActions.bulk.summary', { approved, total: rows.length });
      if (approved === rows.length) notifySuccess(summary);
      else notifyWarning(summary);
      setResults(rows);
      void queryClient.invalidateQueries({ queryKey: userActionKeys.users() });
    },
    onError: (error) => {
      setConfirming(false);
      notifyError(error);
    },
  });

  const button = (
    <Button
      variant="contained"
      color="success"
      disabled={!enabled || mutation.isPending}
      onClick={() => setConfirming(true)}
      startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
    >
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
      {confirming && (
        <ConfirmDialog
          title={t('userActions.bulk.confirmTitle', { count: users.length })}
          message={t('userActions.bulk.confirmMessage', { count: users.length, users: users.map((u) => u.username).join(', ') })}
          confirmLabel={t('userActions.bulk.button', { count: users.length })}
          destructive
          reason={{ label: t('userActions.bulk.reason'), maxLength: 500, help: t('userActions.bulk.reasonHelp') }}
          pending={mutation.isPending}
          onConfirm={(reason) => mutation.mutate(reason ?? '')}
          onClose={() => setConfirming(false)}
        />
      )}
      {results && (
        <Dialog
          open
          onClose={() => {
            setResults(null);
            onDone?.();
          }}
          fullWidth
          maxWidth="sm"
          aria-labelledby={titleId}
        >
          <DialogTitle id={titleId}>{t('userActions.bulk.resultsTitle')}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('userActions.bulk.summary', { approved: results.filter((r) => r.approved).length, total: results.length })}
            </Typography>
            <List dense aria-label={t('userActions.bulk.resultsTitle')}>
              {results.map((row) => (
                <ListItem key={row.username}>
                  <ListItemIcon>{row.approved ? <CheckCircleOutlineIcon color="success" /> : <ErrorOutlineIcon color="error" />}</ListItemIcon>
                  <ListItemText
                    primary={row.username}
                    secondary={
                      row.approved
                        ? t('userActions.bulk.approved', { status: row.status ? t(`userActions.status.${row.status}`) : '' })
                        : t('userActions.bulk.failed', { message: row.message })
                    }
                  />
                </ListItem>
              ))}
            </List>
          </DialogContent>
          <DialogActions>
            <Button
              onClick={() => {
                setResults(null);
                onDone?.();
              }}
            >
              {t('userActions.bulk.close')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
