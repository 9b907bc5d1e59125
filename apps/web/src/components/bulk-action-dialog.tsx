import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import ArrowCircleRightIcon from '@mui/icons-material/ArrowCircleRightOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorToNotifications } from '@/lib/notifications/error-notifications';
import { reasonProblem, type ConfirmReason } from './confirm-dialog';

/** What a bulk action does (or did) to one record: PLANNED in a plan; DONE, SKIPPED or FAILED in the report. */
export type BulkOutcome = 'PLANNED' | 'DONE' | 'SKIPPED' | 'FAILED';

/** One record's line: what it is, and what happens (or happened) to it and why not. */
export interface BulkLine {
  key: string | number;
  outcome: BulkOutcome;
  primary: string;
  secondary: string;
}

/** A plan or a report as the dialog shows it: one sentence (how many, what happens) and a line per record. */
export interface BulkView {
  summary: string;
  lines: BulkLine[];
}

export interface BulkPlanView extends BulkView {
  /** How many records the action would change: with none there is nothing to confirm. */
  count: number;
}

export interface BulkActionDialogProps<TPlan, TReport> {
  /** The dialog's title in each step (`setup` only with a setup step). */
  titles: { setup?: string; plan: string; report: string };
  /** An optional first step (e.g. choose an assignee); its button asks for the plan. Without it the plan loads at once. */
  setup?: { content: ReactNode; submitLabel: string; disabled?: boolean };
  /** The server's plan (its dry run): nothing changes yet. */
  loadPlan: () => Promise<TPlan>;
  describePlan: (plan: TPlan) => BulkPlanView;
  /** The confirm button, for `count` records ("Acknowledge 3 alarms"). */
  confirmLabel: (count: number) => string;
  /** Asks for a required reason before the run (it goes into each record's event). */
  reason?: ConfirmReason;
  /** Red confirm button. */
  destructive?: boolean;
  /** Applies the action (the reason when one is asked for) and answers the report per record. */
  run: (reason: string | undefined) => Promise<TReport>;
  describeReport: (report: TReport) => BulkView;
  /** After a run that answered (e.g. a notification). */
  onReport?: (report: TReport) => void;
  /** After every run, answered or not (e.g. re-fetch what it may have changed). */
  onRunSettled?: () => void;
  /** `applied`: the run answered, so the records may have changed (the caller clears its selection). */
  onClose: (applied: boolean) => void;
}

const OUTCOME_ICONS = {
  PLANNED: <ArrowCircleRightIcon color="primary" />,
  DONE: <CheckCircleOutlineIcon color="success" />,
  SKIPPED: <RemoveCircleOutlineIcon color="warning" />,
  FAILED: <ErrorOutlineIcon color="error" />,
} satisfies Record<BulkOutcome, ReactNode>;

/** The lines of a plan or a report, labelled by the dialog's title; `data-outcome` names each line's outcome. */
function BulkLines({ lines, label }: { lines: BulkLine[]; label: string }) {
  const { t } = useTranslation();
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('bulkAction.empty')}
      </Typography>
    );
  }
  return (
    <List dense aria-label={label} data-testid="bulk-action-lines">
      {lines.map((line) => (
        <ListItem key={line.key} disableGutters data-outcome={line.outcome}>
          <ListItemIcon sx={{ minWidth: 36 }} aria-hidden>
            {OUTCOME_ICONS[line.outcome]}
          </ListItemIcon>
          <ListItemText primary={line.primary} secondary={line.secondary} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * A bulk action on ticked records (issue 19 point 4): the server's plan first (how many records, what happens to each
 * and which are left out and why), then the confirmation (with a required reason where the action asks for one), then
 * the run and its report per record. Loading, failure (with a retry) and empty plans have their own states; the dialog
 * cannot be closed while the action runs.
 */
export function BulkActionDialog<TPlan, TReport>({
  titles,
  setup,
  loadPlan,
  describePlan,
  confirmLabel,
  reason,
  destructive = false,
  run,
  describeReport,
  onReport,
  onRunSettled,
  onClose,
}: BulkActionDialogProps<TPlan, TReport>) {
  const { t } = useTranslation();
  const titleId = useId();
  const [reasonText, setReasonText] = useState('');
  const [reasonTouched, setReasonTouched] = useState(false);
  const plan = useMutation({ mutationFn: loadPlan, meta: { notifyErrors: false } });
  const apply = useMutation({
    mutationFn: (text: string | undefined) => run(text),
    meta: { notifyErrors: false },
    onSuccess: (report) => onReport?.(report),
    onSettled: () => onRunSettled?.(),
  });

  // Without a setup step the plan is asked for as the dialog opens (once, also under StrictMode's second effect).
  const started = useRef(false);
  const { mutate: startPlan } = plan;
  useEffect(() => {
    if (setup || started.current) return;
    started.current = true;
    startPlan();
  }, [setup, startPlan]);

  const errorText = (error: unknown) =>
    errorToNotifications(error, t)
      .map((n) => n.message)
      .join(' ');
  const planAgain = () => {
    apply.reset();
    plan.mutate();
  };
  const close = () => onClose(apply.isSuccess);

  const step = apply.isSuccess ? 'report' : setup && plan.isIdle ? 'setup' : 'plan';
  const title = step === 'report' ? titles.report : step === 'setup' ? (titles.setup ?? titles.plan) : titles.plan;
  const planView = plan.data === undefined ? null : describePlan(plan.data);
  const problem = reason ? reasonProblem(reasonText, reason.maxLength, t) : null;
  const confirm = () => {
    setReasonTouched(true);
    if (problem) return;
    apply.mutate(reason ? reasonText.trim() : undefined);
  };

  let content: ReactNode;
  let actions: ReactNode;
  if (step === 'report') {
    const view = describeReport(apply.data as TReport);
    content = (
      <>
        <DialogContentText variant="body2" role="status">
          {view.summary}
        </DialogContentText>
        <BulkLines lines={view.lines} label={title} />
      </>
    );
    actions = (
      <Button variant="contained" onClick={close}>
        {t('bulkAction.close')}
      </Button>
    );
  } else if (step === 'setup') {
    content = setup?.content;
    actions = (
      <>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={setup?.disabled} onClick={() => plan.mutate()}>
          {setup?.submitLabel}
        </Button>
      </>
    );
  } else {
    content = plan.isPending ? (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }} aria-busy>
        <CircularProgress size={24} aria-hidden />
        <Typography variant="body2" role="status">
          {t('bulkAction.planning')}
        </Typography>
      </Stack>
    ) : plan.isError ? (
      <Alert severity="error" action={<Button onClick={() => plan.mutate()}>{t('common.retry')}</Button>}>
        {t('bulkAction.planFailed', { reason: errorText(plan.error) })}
      </Alert>
    ) : planView ? (
      <Stack spacing={1}>
        <DialogContentText variant="body2" role="status">
          {planView.summary}
        </DialogContentText>
        {planView.count === 0 && planView.lines.length > 0 && <Alert severity="info">{t('bulkAction.nothingToDo')}</Alert>}
        <BulkLines lines={planView.lines} label={title} />
        {reason && planView.count > 0 && (
          <TextField
            label={reason.label}
            required
            fullWidth
            multiline
            minRows={2}
            autoFocus
            disabled={apply.isPending}
            value={reasonText}
            onChange={(event) => setReasonText(event.target.value)}
            onBlur={() => setReasonTouched(true)}
            error={reasonTouched && Boolean(problem)}
            helperText={
              reasonTouched && problem
                ? problem
                : [reason.help, t('common.characterCount', { len: reasonText.trim().length, max: reason.maxLength })].filter(Boolean).join(' · ')
            }
          />
        )}
        {apply.isError && (
          <Alert severity="error" action={<Button onClick={planAgain}>{t('bulkAction.planAgain')}</Button>}>
            {t('bulkAction.runFailed', { reason: errorText(apply.error) })}
          </Alert>
        )}
      </Stack>
    ) : null;
    const count = planView?.count ?? 0;
    actions = (
      <>
        <Button onClick={close} disabled={apply.isPending} autoFocus={destructive && !reason}>
          {t('common.cancel')}
        </Button>
        {planView && (
          <Button
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            disabled={apply.isPending || plan.isPending || count === 0 || apply.isError}
            aria-busy={apply.isPending || undefined}
            startIcon={apply.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            onClick={confirm}
          >
            {confirmLabel(count)}
          </Button>
        )}
      </>
    );
  }

  return (
    <Dialog open onClose={apply.isPending ? undefined : close} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{content}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>{actions}</DialogActions>
    </Dialog>
  );
}
