import GroupAddIcon from '@mui/icons-material/GroupAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useTopLevelCompanies } from '../api/companies-api';
import { BatchUserImport } from './batch-user-import';

export interface BatchUsersPageProps {
  companyId: number | undefined;
  onCompanyChange: (companyId: number | undefined) => void;
}

/**
 * The batch creation screen (§2 names it without a route; issue 7): choose a top-level company, then the same
 * BatchUserImport as the company page. For every staff role (§6: support staff batch create users).
 */
export function BatchUsersPage({ companyId, onCompanyChange }: BatchUsersPageProps) {
  const { t } = useTranslation();
  const companies = useTopLevelCompanies();
  const chosen = companies.data?.find((company) => company.id === companyId);

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Box>
        <Typography variant="h5" component="h1">
          {t('companies.batchScreen.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('companies.batchScreen.subtitle')}
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={3}>
          {companies.isPending && <Skeleton variant="rounded" height={40} role="status" aria-label={t('companies.batchScreen.loading')} />}
          {companies.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void companies.refetch()}>
                  {t('companies.states.retry')}
                </Button>
              }
            >
              {t('messages.companyLoadFailed')}
            </Alert>
          )}
          {companies.isSuccess && companies.data.length === 0 && <Alert severity="info">{t('companies.batchScreen.none')}</Alert>}
          {companies.isSuccess && companies.data.length > 0 && (
            <TextField
              select
              label={t('companies.batchScreen.company')}
              value={chosen ? String(chosen.id) : ''}
              onChange={(event) => onCompanyChange(event.target.value ? Number(event.target.value) : undefined)}
              helperText={t('companies.batchScreen.companyHint')}
              sx={{ maxWidth: 480 }}
            >
              {companies.data.map((company) => (
                <MenuItem key={company.id} value={String(company.id)}>
                  {company.name} · {t(`companies.type.${company.type}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {chosen ? (
            <BatchUserImport key={chosen.id} companyId={chosen.id} />
          ) : (
            companies.isSuccess &&
            companies.data.length > 0 && (
              <Box role="status" sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
                <GroupAddIcon color="disabled" aria-hidden sx={{ fontSize: 40 }} />
                <Typography variant="body2">{t('companies.batchScreen.chooseCompany')}</Typography>
              </Box>
            )
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
