import type { ReactNode } from 'react';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CustomerService } from '../contact-details';

/** One term of the card's description list: dl > div > dt + dd (the icon sits inside the dt, hidden from assistive technology). */
function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box sx={{ position: 'relative', pl: 4, minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        <Box component="span" aria-hidden sx={{ position: 'absolute', left: 0, top: 2, color: 'primary.main', display: 'flex' }}>
          {icon}
        </Box>
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function CustomerServiceCard({ service }: { service: CustomerService }) {
  const { t } = useTranslation();
  const headingId = `customer-service-${service.country}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t(`contact.country${service.country}`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          {service.company}
        </Typography>
        <Stack component="dl" spacing={2} sx={{ m: 0 }}>
          <DetailRow icon={<PhoneOutlinedIcon fontSize="small" />} label={t('contact.phone')}>
            <Link href={`tel:${service.phone.e164}`} aria-label={t('contact.callNumber', { number: service.phone.display })}>
              {service.phone.display}
            </Link>
          </DetailRow>
          <DetailRow icon={<EmailOutlinedIcon fontSize="small" />} label={t('contact.email')}>
            <Link href={`mailto:${service.email}`} aria-label={t('contact.writeTo', { address: service.email })}>
              {service.email}
            </Link>
          </DetailRow>
          <DetailRow icon={<PlaceOutlinedIcon fontSize="small" />} label={t('contact.postalAddress')}>
            <Box component="address" sx={{ fontStyle: 'normal' }}>
              {service.postalAddress.map((line) => (
                <Box component="span" key={line} sx={{ display: 'block' }}>
                  {line}
                </Box>
              ))}
            </Box>
          </DetailRow>
        </Stack>
      </CardContent>
    </Card>
  );
}
