import { useEffect, useMemo, useRef } from 'react';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '@fleetdesk/contract';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
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

/** The status as text (the chips and the line under them): the grid's value, so the CSV export says it too. */
function staffStatusText(member: StaffMember, t: TFunction, format: ReturnType<typeof useFormat>): string {
  const when = format.dateTime(member.disabledAt);
  const disabledLine =
    member.status === 'DISABLED' && when
      ? member.disabledBy
        ? t('staff.status.disabledBy', { by: member.disabledBy, at: when })
        : t('staff.status.disabledAt', { at: when })
      : '';
  return [
    [t(`staff.status.${member.status}`), disabledLine].filter(Boolean).join(' '),
    member.passwordPending ? t('staff.status.pending') : '',
    member.passwordLoginAllowed ? '' : t('staff.status.singleSignOn'),
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The dense table of wider screens, on the console's DataTable (column choice, density, CSV export in the staff
 * member's language; docs/decisions/0054-data-table.md). The rows come sorted and filtered by the screen. Below 1200 px
 * (a tablet, or a laptop with the side menu) the e-mail address moves under the user name, so that the actions stay in
 * view; narrower than its columns' minimum widths, the grid scrolls sideways inside its card.
 */
export function StaffTable({ members, currentUsername, onAction }: StaffListViewProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const theme = useTheme();
  const emailColumn = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  // The screen passes a new callback on every render; the columns keep one identity (the grid re-reads new ones).
  const onActionRef = useRef(onAction);
  useEffect(() => {
    onActionRef.current = onAction;
  });
  const columns = useMemo<DataTableColumn<StaffMember>[]>(
    () => [
      {
        field: 'name',
        headerName: t('staff.column.name'),
        minWidth: 200,
        flex: 1.3,
        sortable: false,
        valueGetter: (_, member) =>
          [
            isCurrent(member, currentUsername) ? `${staffName(member)} (${t('staff.you')})` : staffName(member),
            member.username,
            ...(emailColumn ? [] : [member.emailAddress ?? t('staff.noEmail')]),
          ].join(', '),
        renderCell: ({ row: member }) => <NameAndUsername member={member} current={isCurrent(member, currentUsername)} withEmail={!emailColumn} />,
      },
      ...(emailColumn
        ? [
            {
              field: 'emailAddress',
              headerName: t('staff.column.email'),
              minWidth: 200,
              flex: 1.2,
              sortable: false,
              valueGetter: (_: unknown, member: StaffMember) => member.emailAddress ?? t('staff.noEmail'),
              renderCell: ({ row: member }: { row: StaffMember }) => <Email member={member} />,
            } satisfies DataTableColumn<StaffMember>,
          ]
        : []),
      {
        field: 'role',
        headerName: t('staff.column.role'),
        minWidth: 120,
        flex: 0.6,
        sortable: false,
        valueGetter: (_, member) => t(`staff.role.${member.role}`),
      },
      {
        field: 'status',
        headerName: t('staff.column.status'),
        minWidth: 200,
        flex: 1,
        sortable: false,
        valueGetter: (_, member) => staffStatusText(member, t, format),
        renderCell: ({ row: member }) => <StaffStatus member={member} />,
      },
      {
        field: 'lastLoginAt',
        headerName: t('staff.column.lastLogin'),
        minWidth: 140,
        flex: 0.7,
        sortable: false,
        valueGetter: (_, member) => (member.lastLoginAt ? format.dateTime(member.lastLoginAt) : t('staff.lastLogin.never')),
        renderCell: ({ row: member }) => <LastLogin member={member} />,
      },
      {
        field: 'actions',
        headerName: t('staff.column.actions'),
        width: 56,
        minWidth: 56,
        sortable: false,
        resizable: false,
        hideable: false,
        disableColumnMenu: true,
        disableExport: true,
        align: 'right',
        headerAlign: 'right',
        // The actions column needs no visible heading; screen readers still read it.
        renderHeader: () => (
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {t('staff.column.actions')}
          </Box>
        ),
        renderCell: ({ row: member }) => <StaffMemberMenu member={member} onChoose={(action) => onActionRef.current(member, action)} />,
      },
    ],
    [t, format, emailColumn, currentUsername],
  );

  return (
    <DataTable<StaffMember>
      id="staff"
      label={t('staff.list')}
      rows={members ?? []}
      columns={columns}
      getRowId={(member) => member.username}
      loading={members === null}
      empty={{
        title: t('staff.state.emptyTitle'),
        hint: t('staff.state.emptyBody'),
        icon: <GroupsOutlinedIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} />,
      }}
      exportFileName={t('staff.title')}
      autoRowHeight
      rowAttributes={(member) => ({ 'data-testid': 'staff-row', 'data-username': member.username })}
      // The screen draws the card (and the refresh bar) around the list.
      sx={{ border: 0, borderRadius: 0 }}
    />
  );
}

/** The same list as cards on a phone: nothing scrolls sideways, the actions button sits beside each name. */
export function StaffCards({ members, currentUsername, onAction }: StaffListViewProps) {
  const { t } = useTranslation();
  if (members === null) {
    return (
      <Stack spacing={0} role="status" aria-busy="true" aria-label={t('staff.state.loading')}>
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
