import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CustomerServiceCard } from '../components/customer-service-card';
import { CUSTOMER_SERVICES } from '../contact-details';

/** The static contact page (spec §1, §2 /contact). */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('contact.title')}
        </Typography>
        <Typography color="text.secondary">{t('contact.intro')}</Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {CUSTOMER_SERVICES.map((service) => (
          <CustomerServiceCard key={service.country} service={service} />
        ))}
      </Box>
    </Stack>
  );
}
