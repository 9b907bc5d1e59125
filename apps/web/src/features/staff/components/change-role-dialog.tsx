import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ZStaffRole, type StaffMember, type StaffRole } from '@fleetdesk/contract';
import { staffName } from '../staff-list';

interface ChangeRoleDialogProps {
  member: StaffMember;
  pending: boolean;
  onConfirm: (role: StaffRole) => void;
  onClose: () => void;
}

/**
 * Change role in two steps: choose the new role, then confirm a sentence naming the member and the new role. The
 * server decides whether the change is allowed (the menu item carries that); this dialog only asks.
 */
export function ChangeRoleDialog({ member, pending, onConfirm, onClose }: ChangeRoleDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const labelId = useId();
  const others = ZStaffRole.options.filter((role) => role !== member.role);
  const [role, setRole] = useState<StaffRole>(others[0] ?? member.role);
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const name = staffName(member);
  const roleName = (value: StaffRole) => t(`staff.role.${value}`);

  return (
    <Dialog open onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('staff.changeRole.title', { name })}</DialogTitle>
      <DialogContent>
        {step === 'choose' ? (
          <FormControl>
            <FormLabel id={labelId} sx={{ mb: 0.5 }}>
              {t('staff.changeRole.choose')}
            </FormLabel>
            <RadioGroup aria-labelledby={labelId} value={role} onChange={(event) => setRole(ZStaffRole.parse(event.target.value))}>
              {ZStaffRole.options.map((option) => (
                <FormControlLabel
                  key={option}
                  value={option}
                  disabled={option === member.role}
                  control={<Radio size="small" />}
                  sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.5 } }}
                  label={
                    <>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {option === member.role ? t('staff.changeRole.current', { role: roleName(option) }) : roleName(option)}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {t(`staff.roleHint.${option}`)}
                      </Typography>
                    </>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
        ) : (
          <DialogContentText variant="body2" role="status">
            {t('staff.changeRole.confirm', { name, username: member.username, from: roleName(member.role), to: roleName(role) })}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {step === 'choose' ? (
          <>
            <Button onClick={onClose}>{t('staff.cancel')}</Button>
            <Button variant="contained" disabled={role === member.role} onClick={() => setStep('confirm')}>
              {t('staff.changeRole.next')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep('choose')} disabled={pending}>
              {t('staff.changeRole.back')}
            </Button>
            <Button
              variant="contained"
              autoFocus
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={() => onConfirm(role)}
              startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              {t('staff.changeRole.submit', { role: roleName(role) })}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
