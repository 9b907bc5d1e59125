import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/router-link';
import { StatusPage } from '@/components/status-page';

/** A booking id that does not exist (or belongs to another operator): §8 'Booking not found.' */
export function BookingNotFound({ bid }: { bid: string }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<SearchOffIcon />}
      eyebrow={bid}
      title={t('messages.bookingNotFound')}
      actions={
        <ButtonLink to="/support" variant="contained">
          {t('bookingCard.notFound.toSupport')}
        </ButtonLink>
      }
    >
      {t('bookingCard.notFound.body', { bid })}
    </StatusPage>
  );
}
