import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '@fleetdesk/contract';
import { useFormat } from '@/lib/format/use-format';
import type { StaffAction } from '../staff-actions';
import { staffName } from '../staff-list';
import { StaffMemberMenu } from './staff-member-menu';

export interface StaffListViewProps {
  /** null while loading: skeleton rows. */
  members: readonly StaffMember[] | null;
  /** The signed-in staff member's user name, marked "you" in the list. */
  currentUsername: string | undefined;
  onAction: (member: StaffMember, action: StaffAction) => void;
}

const SKELETON_ROWS = 5;
/** Read by screen readers, not shown (the actions column needs no visible heading). */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
const isCurrent = (member: StaffMember, currentUsername: string | undefined) =>
  currentUsername !== undefined && member.username.toLowerCase() === currentUsername.toLowerCase();

/** Active or Disabled; disabled with who and when; a new member who has not set a password yet is marked. */
function StaffStatus({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const format = useFormat();
  const disabled = member.status === 'DISABLED';
  const when = format.dateTime(member.disabledAt);
  return (
    <Box>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip
          size="small"
          variant={disabled ? 'filled' : 'outlined'}
          color={disabled ? 'error' : 'success'}
          label={t(`staff.status.${member.status}`)}
          data-testid="staff-status"
        />
        {member.passwordPending && (
          <Tooltip title={t('staff.status.pendingHint')} describeChild>
            <Chip
              size="small"
              variant="outlined"
              color="warning"
              icon={<MailOutlineIcon />}
              label={t('staff.status.pending')}
              data-testid="staff-pending"
            />
          </Tooltip>
        )}
        {!member.passwordLoginAllowed && <Chip size="small" variant="outlined" label={t('staff.status.singleSignOn')} />}
      </Stack>
      {disabled && when && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.25 }} data-testid="staff-disabled-by">
          {member.disabledBy ? t('staff.status.disabledBy', { by: member.disabledBy, at: when }) : t('staff.status.disabledAt', { at: when })}
        </Typography>
      )}
    </Box>
  );
}

function LastLogin({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const format = useFormat();
  return member.lastLoginAt ? (
    <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {format.dateTime(member.lastLoginAt)}
    </Box>
  ) : (
    <Typography component="span" variant="body2" color="text.secondary">
      {t('staff.lastLogin.never')}
    </Typography>
  );
}

function NameAndUsername({ member, current, withEmail = false }: { member: StaffMember; current: boolean; withEmail?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" component="div" sx={{ fontWeight: 500, color: member.status === 'DISABLED' ? 'text.secondary' : undefined }}>
        {staffName(member)}
        {current && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.75 }}>
            ({t('staff.you')})
          </Typography>
        )}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {member.username}
      </Typography>
      {withEmail && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          <Email member={member} />
        </Typography>
      )}
    </Box>
  );
}

function Email({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  return member.emailAddress ? (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      {member.emailAddress}
    </Box>
  ) : (
    <Typography component="span" variant="inherit" color="text.secondary">
      {t('staff.noEmail')}
    </Typography>
  );
}

/**
 * The dense table of wider screens. Below 1200 px (a tablet, or a laptop with the side menu) the e-mail address moves
 * under the user name, so that the actions stay in view; narrower than its minimum, the table scrolls inside its card.
 */
export function StaffTable({ members, currentUsername, onAction }: StaffListViewProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const emailColumn = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  return (
    <TableContainer>
      <Table size="small" aria-label={t('staff.list')} aria-busy={members === null || undefined} sx={{ minWidth: 600, '& td, & th': { px: 1.5 } }}>
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap', fontWeight: 600 } }}>
            <TableCell>{t('staff.column.name')}</TableCell>
            {emailColumn && <TableCell>{t('staff.column.email')}</TableCell>}
            <TableCell>{t('staff.column.role')}</TableCell>
            <TableCell>{t('staff.column.status')}</TableCell>
            <TableCell>{t('staff.column.lastLogin')}</TableCell>
            <TableCell align="right" sx={{ width: 56 }}>
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {t('staff.column.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {members === null
            ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <TableRow key={index} data-testid="staff-skeleton">
                  <TableCell>
                    <Skeleton variant="text" width={140} />
                    <Skeleton variant="text" width={80} sx={{ fontSize: '0.75rem' }} />
                  </TableCell>
                  {emailColumn && (
                    <TableCell>
                      <Skeleton variant="text" width={180} />
                    </TableCell>
                  )}
                  <TableCell>
                    <Skeleton variant="text" width={90} />
                  </TableCell>
                  <TableCell>
                    <Skeleton variant="rounded" width={64} height={24} />
                  </TableCell>
                  <TableCell>
                    <Skeleton variant="text" width={110} />
                  </TableCell>
                  <TableCell align="right">
                    <Skeleton variant="circular" width={28} height={28} sx={{ ml: 'auto' }} />
                  </TableCell>
                </TableRow>
              ))
            : members.map((member) => (
                <TableRow
                  key={member.username}
                  hover
                  data-testid="staff-row"
                  data-username={member.username}
                  sx={{ verticalAlign: 'top', '& td': { py: 1 } }}
                >
                  <TableCell sx={{ minWidth: 180 }}>
                    <NameAndUsername member={member} current={isCurrent(member, currentUsername)} withEmail={!emailColumn} />
                  </TableCell>
                  {emailColumn && (
                    <TableCell sx={{ minWidth: 180, maxWidth: 280 }}>
                      <Email member={member} />
                    </TableCell>
                  )}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`staff.role.${member.role}`)}</TableCell>
                  {/* The chips are taller than a line of text: start them higher so their labels line up with the row's text. */}
                  <TableCell sx={{ minWidth: 170, pt: '5px !important' }}>
                    <StaffStatus member={member} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <LastLogin member={member} />
                  </TableCell>
                  <TableCell align="right" sx={{ py: '2px !important', verticalAlign: 'middle' }}>
                    <StaffMemberMenu member={member} onChoose={(action) => onAction(member, action)} />
                  </TableCell>
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The same list as cards on a phone: nothing scrolls sideways, the actions button sits beside each name. */
export function StaffCards({ members, currentUsername, onAction }: StaffListViewProps) {
  const { t } = useTranslation();
  if (members === null) {
    return (
      <Stack spacing={0} aria-busy="true" aria-label={t('staff.state.loading')}>
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <Box key={index} sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="staff-skeleton">
            <Skeleton variant="text" width="50%" />
            <Skeleton variant="text" width="30%" />
            <Skeleton variant="text" width="70%" />
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Box component="ul" aria-label={t('staff.list')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {members.map((member) => (
        <Box
          component="li"
          key={member.username}
          data-testid="staff-row"
          data-username={member.username}
          sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <NameAndUsername member={member} current={isCurrent(member, currentUsername)} />
            </Box>
            <Box sx={{ mt: -0.5, mr: -1 }}>
              <StaffMemberMenu member={member} onChoose={(action) => onAction(member, action)} />
            </Box>
          </Stack>
          <Box
            component="dl"
            sx={{
              m: 0,
              mt: 1,
              display: 'grid',
              gridTemplateColumns: 'minmax(88px, auto) 1fr',
              columnGap: 1.5,
              rowGap: 0.5,
              alignItems: 'baseline',
              typography: 'body2',
              '& dt': { color: 'text.secondary', typography: 'caption' },
              '& dd': { m: 0, minWidth: 0 },
            }}
          >
            <dt>{t('staff.column.role')}</dt>
            <dd>{t(`staff.role.${member.role}`)}</dd>
            <dt>{t('staff.column.status')}</dt>
            <dd>
              <StaffStatus member={member} />
            </dd>
            <dt>{t('staff.column.email')}</dt>
            <dd>
              <Email member={member} />
            </dd>
            <dt>{t('staff.column.lastLogin')}</dt>
            <dd>
              <LastLogin member={member} />
            </dd>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
