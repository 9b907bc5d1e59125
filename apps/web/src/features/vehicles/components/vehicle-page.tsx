import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import NoCrashIcon from '@mui/icons-material/NoCrash';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/router-link';
import { PageLoading } from '@/components/page-loading';
import { StatusPage } from '@/components/status-page';
import { isApiError } from '@/lib/api/api-error';
import { useVehicleStatusPolling } from '../api/vehicle-status-polling';
import { vehicleQueryOptions } from '../api/vehicles-api';
import { VehicleCard } from './vehicle-card';
import { RefreshFailedNotice, showsLoadError } from '@/components/refresh-failed-notice';
import Stack from '@mui/material/Stack';

/** /vehicles/{vin}: the vehicle card full width, its status polled every 30 s, and 'No vehicle' for a 404. */
export function VehiclePage({ vin }: { vin: string }) {
  const { t } = useTranslation();
  const query = useQuery(vehicleQueryOptions(vin));
  useVehicleStatusPolling(query.data ? [query.data.vin] : []);

  if (query.isPending) return <PageLoading />;
  if (showsLoadError(query) || query.data === undefined) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <StatusPage
          icon={<NoCrashIcon />}
          eyebrow={vin}
          title={t('messages.noVehicle')}
          actions={
            <ButtonLink to="/support" variant="contained">
              {t('vehicles.page.toSupport')}
            </ButtonLink>
          }
        >
          {t('vehicles.page.notFoundBody', { vin })}
        </StatusPage>
      );
    }
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {isApiError(query.error) ? query.error.envelope.message : t('messages.genericError')}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <RefreshFailedNotice query={query} />
      <VehicleCard vehicle={query.data} variant="page" />
    </Stack>
  );
}
