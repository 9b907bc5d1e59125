import { useEffect, useId, useState } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { APPROVAL_SUCCESS_CLOSE_MS, type UserDetail } from '@fleetdesk/contract';
import { useUserAction } from '../api/use-user-action';
import {
  APPROVAL_STEPS,
  canContinue,
  canGoBack,
  canSkip,
  initialApprovalStep,
  isStepCompleted,
  type ApprovalFacts,
  type ApprovalStep,
} from '../approval-steps';
import { isApprovedStatus } from '../user-action-rules';
import { IdentityPanel } from './identity-panel';
import { LicensePanel } from './license-panel';

interface ApprovalWizardProps {
  user: UserDetail;
  onChanged?: (user: UserDetail) => void;
  onClose: () => void;
}

const factsOf = (user: UserDetail): ApprovalFacts => ({
  identityVerified: user.identityVerified,
  verifiedDriversLicense: user.verifiedDriversLicense,
  approved: isApprovedStatus(user.status),
});

/**
 * The approval wizard (§4): Identify user → Validate driver's license → Finish approval (approves) → Finished (a success
 * icon, closes after 3 s). Opens past what is already done; Continue needs identityVerified / verifiedDriversLicense;
 * skipped steps are not shown completed. The identity and licence panels inside update the user it shows.
 */
export function ApprovalWizard({ user: initialUser, onChanged, onClose }: ApprovalWizardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [user, setUser] = useState(initialUser);
  const facts = factsOf(user);
  const [step, setStep] = useState<ApprovalStep>(() => initialApprovalStep(factsOf(initialUser)));
  const [skipped, setSkipped] = useState<ReadonlySet<ApprovalStep>>(new Set());
  const change = (next: UserDetail) => {
    setUser(next);
    onChanged?.(next);
  };
  const approve = useUserAction(user.username, {
    onChanged: (after) => {
      if (!after) return;
      change(after);
      setStep(3);
    },
  });

  useEffect(() => {
    if (step !== 3) return;
    const timer = window.setTimeout(onClose, APPROVAL_SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [step, onClose]);

  const goTo = (next: ApprovalStep) => {
    setSkipped((current) => {
      const copy = new Set(current);
      copy.delete(next);
      return copy;
    });
    setStep(next);
  };
  const skip = () => {
    setSkipped((current) => new Set(current).add(step));
    setStep((step + 1) as ApprovalStep);
  };
  const skippedNames = [...skipped].sort().map((s) => t(`userActions.wizard.steps.${APPROVAL_STEPS[s]}`));

  return (
    <Dialog open onClose={approve.isPending ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('userActions.wizard.title', { user: `${user.givenName} ${user.familyName} (${user.username})` })}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 3, mt: 1 }}>
          {APPROVAL_STEPS.map((key, index) => {
            const s = index as ApprovalStep;
            return (
              <Step key={key} completed={isStepCompleted(s, facts, skipped)}>
                <StepLabel
                  optional={
                    skipped.has(s) ? (
                      <Typography variant="caption" color="warning.main">
                        {t('userActions.wizard.skipped')}
                      </Typography>
                    ) : undefined
                  }
                >
                  {t(`userActions.wizard.steps.${key}`)}
                </StepLabel>
              </Step>
            );
          })}
        </Stepper>

        <Box role="region" aria-label={t(`userActions.wizard.steps.${APPROVAL_STEPS[step]}`)} sx={{ minHeight: 180 }}>
          {step === 0 && (
            <Stack spacing={2}>
              <Alert severity={facts.identityVerified ? 'success' : 'info'}>
                {facts.identityVerified ? t('userActions.wizard.identityVerified') : t('userActions.wizard.identityNotVerified')}
              </Alert>
              <IdentityPanel user={user} onChanged={change} allowVerify />
            </Stack>
          )}
          {step === 1 && (
            <Stack spacing={2}>
              <Alert severity={facts.verifiedDriversLicense ? 'success' : 'info'}>
                {facts.verifiedDriversLicense ? t('userActions.wizard.license.verified') : t('userActions.wizard.license.notVerified')}
              </Alert>
              <LicensePanel user={user} onChanged={change} />
            </Stack>
          )}
          {step === 2 && (
            <Stack spacing={2}>
              <Typography>{t('userActions.wizard.finishIntro', { user: user.username })}</Typography>
              {skippedNames.length > 0 && (
                <Alert severity="warning">{t('userActions.wizard.skippedWarning', { steps: skippedNames.join(', ') })}</Alert>
              )}
              <Box>
                <Button
                  variant="contained"
                  color="success"
                  disabled={approve.isPending || facts.approved}
                  onClick={() => approve.mutate({ action: 'APPROVE' })}
                  startIcon={approve.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
                >
                  {t('userActions.wizard.approve')}
                </Button>
              </Box>
            </Stack>
          )}
          {step === 3 && (
            <Stack spacing={1} sx={{ alignItems: 'center', py: 3 }} role="status">
              <CheckCircleIcon color="success" sx={{ fontSize: 72 }} titleAccess={t('userActions.wizard.steps.finished')} />
              <Typography variant="h6">{t('userActions.wizard.finished', { user: user.username })}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('userActions.wizard.closing')}
              </Typography>
            </Stack>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={approve.isPending} sx={{ mr: 'auto' }}>
          {t('userActions.wizard.close')}
        </Button>
        {canGoBack(step, facts) && (
          <Button onClick={() => goTo((step - 1) as ApprovalStep)} disabled={approve.isPending}>
            {t('userActions.wizard.back')}
          </Button>
        )}
        {canSkip(step) && <Button onClick={skip}>{t('userActions.wizard.skip')}</Button>}
        {(step === 0 || step === 1) && (
          <Button variant="contained" disabled={!canContinue(step, facts)} onClick={() => goTo((step + 1) as ApprovalStep)}>
            {t('userActions.wizard.continue')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
