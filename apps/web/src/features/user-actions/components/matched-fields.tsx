import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** What a suspicious registration matched on: e-mail, phone, identity number. */
export function MatchedFields({ row }: { row: { duplicateEmail: boolean; duplicatePhone: boolean; duplicateIdentityNumber: boolean } }) {
  const { t } = useTranslation();
  const fields = [
    row.duplicateEmail && t('userActions.suspicious.fields.email'),
    row.duplicatePhone && t('userActions.suspicious.fields.phone'),
    row.duplicateIdentityNumber && t('userActions.suspicious.fields.identity'),
  ].filter((f): f is string => Boolean(f));
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {fields.map((field) => (
        <Chip key={field} size="small" color="warning" label={field} />
      ))}
    </Stack>
  );
}
