import BusinessIcon from '@mui/icons-material/Business';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** /companies without a company: what to do next. */
export function NoCompanySelected() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" role="status" sx={{ p: 5, textAlign: 'center' }}>
      <BusinessIcon color="disabled" aria-hidden sx={{ fontSize: 44 }} />
      <Typography variant="h6" component="h2">
        {t('companies.states.noSelection')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('companies.states.noSelectionHint')}
      </Typography>
    </Paper>
  );
}
