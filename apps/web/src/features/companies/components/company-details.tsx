import type { ReactNode } from 'react';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyDetail } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { AppHrefLink } from '@/components/app-href-link';

interface CompanyDetailsProps {
  company: CompanyDetail;
  /** Offered to ADMIN staff only. */
  onEdit?: () => void;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** §3 Company: type, segments, connected e-mail domains, contact, code, parent hierarchy and children. */
export function CompanyDetails({ company, onEdit }: CompanyDetailsProps) {
  const { t } = useTranslation();
  const none = (
    <Typography component="span" variant="body2" color="text.disabled">
      {t('companies.detail.none')}
    </Typography>
  );
  const contact = company.contact;
  const contactName = contact ? [contact.firstName, contact.lastName].filter(Boolean).join(' ') : '';
  return (
    <Stack spacing={2}>
      {onEdit && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: -1 }}>
          <Button startIcon={<EditIcon />} variant="outlined" size="small" onClick={onEdit}>
            {t('companies.edit.open')}
          </Button>
        </Box>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, columnGap: 3, rowGap: 1.25, m: 0 }}>
        <Field label={t('companies.fields.type')}>{t(`companies.type.${company.type}`)}</Field>
        <Field label={t('companies.fields.marketSegment')}>{company.marketSegment ?? none}</Field>
        <Field label={t('companies.fields.microSegment')}>{company.microSegment ?? none}</Field>
        <Field label={t('companies.fields.emailDomains')}>
          {company.emailDomains.length > 0 ? (
            <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
              {company.emailDomains.map((domain) => (
                <Chip key={domain} size="small" label={domain} component="span" />
              ))}
            </Box>
          ) : (
            none
          )}
        </Field>
        <Field label={t('companies.fields.contact')}>
          {contact && (contactName || contact.emailAddress || contact.phoneNo) ? (
            <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
              {contactName && <span>{contactName}</span>}
              {contact.emailAddress && <span>{contact.emailAddress}</span>}
              {contact.phoneNo && <span>{contact.phoneNo}</span>}
            </Box>
          ) : (
            none
          )}
        </Field>
        <Field label={t('companies.fields.companyCode')}>{company.companyCode ?? none}</Field>
        {company.requiresMembershipConfirmation && <Field label={t('companies.fields.membership')}>{t('companies.detail.membershipRequired')}</Field>}
        <Field label={t('companies.detail.parentHierarchy')}>
          {company.parentHierarchy.length > 0 ? (
            <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1 }}>
              {company.parentHierarchy.map((parent, index) => (
                <span key={parent.id}>
                  {index > 0 && '› '}
                  <AppHrefLink href={`/companies/${parent.id}`}>{parent.name}</AppHrefLink>
                </span>
              ))}
            </Box>
          ) : (
            t('companies.detail.isTopLevel')
          )}
        </Field>
        <Field label={t('companies.detail.children')}>
          {company.children.length > 0 ? (
            <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1.5 }}>
              {company.children.map((child) => (
                <AppHrefLink key={child.id} href={`/companies/${child.id}`}>
                  {child.name}
                </AppHrefLink>
              ))}
            </Box>
          ) : (
            none
          )}
        </Field>
      </Box>
    </Stack>
  );
}
