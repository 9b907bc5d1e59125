import BoltIcon from '@mui/icons-material/Bolt';
import CheckIcon from '@mui/icons-material/Check';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AvailabilityResponse, PriceResponse } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';

interface EstimatePanelProps {
  estimate: { data: PriceResponse | undefined; fetching: boolean; failed: boolean; ready: boolean };
  vehicles: { data: AvailabilityResponse['vehicles'] | undefined; fetching: boolean; failed: boolean; ready: boolean };
  selectedVin: string | null;
  onChooseVehicle?: (vin: string) => void;
}

/** The live price estimate (POST /api/price) and the free vehicles with their estimated prices. */
export function EstimatePanel({ estimate, vehicles, selectedVin, onChooseVehicle }: EstimatePanelProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const price = estimate.data;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="booking-estimate-title" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>
        {(estimate.fetching || vehicles.fetching) && <LinearProgress aria-label={t('bookingForm.estimate.calculating')} />}
      </Box>
      <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
        <Typography id="booking-estimate-title" variant="overline" color="text.secondary" component="h2">
          {t('bookingForm.estimate.title')}
        </Typography>
        <Box aria-live="polite" data-testid="booking-estimate">
          {!estimate.ready ? (
            <Typography variant="body2" color="text.secondary">
              {t('bookingForm.estimate.incomplete')}
            </Typography>
          ) : estimate.failed && !price ? (
            <Alert severity="warning" variant="outlined" sx={{ py: 0 }}>
              {t('bookingForm.estimate.failed')}
            </Alert>
          ) : !price ? (
            <Stack spacing={0.5}>
              <Skeleton variant="text" width="60%" height={36} />
              <Skeleton variant="text" width="40%" />
            </Stack>
          ) : (
            <Stack spacing={0.25} sx={{ opacity: estimate.fetching ? 0.6 : 1, transition: 'opacity 120ms' }}>
              <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
                {format.money(price.totalPriceWithVat, price.currency)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('bookingForm.estimate.totalWithVat')}
              </Typography>
              <Stack direction="row" spacing={2} sx={{ pt: 0.5 }}>
                <Typography variant="caption" color="text.secondary">
                  {t('bookingForm.estimate.withoutVat', { amount: format.money(price.totalPriceWithoutVat, price.currency) })}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('bookingForm.estimate.vat', { amount: format.money(price.totalVat, price.currency) })}
                </Typography>
              </Stack>
            </Stack>
          )}
        </Box>
      </Box>
      <Divider />
      <Box sx={{ px: 2, pt: 1 }}>
        <Typography variant="overline" color="text.secondary" component="h2" id="booking-vehicles-title">
          {t('bookingForm.estimate.availableVehicles')}
          {vehicles.data ? ` (${vehicles.data.length})` : ''}
        </Typography>
      </Box>
      {!vehicles.ready ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
          {t('bookingForm.vehicle.chooseTripFirst')}
        </Typography>
      ) : vehicles.failed && !vehicles.data ? (
        <Typography variant="body2" color="warning.main" sx={{ px: 2, pb: 1.5 }}>
          {t('bookingForm.vehicle.availabilityFailed')}
        </Typography>
      ) : !vehicles.data ? (
        <Stack spacing={0.5} sx={{ px: 2, pb: 1.5 }}>
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
        </Stack>
      ) : vehicles.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
          {t('bookingForm.estimate.noVehicles')}
        </Typography>
      ) : (
        <List dense aria-labelledby="booking-vehicles-title" sx={{ maxHeight: 360, overflowY: 'auto', pt: 0 }}>
          {vehicles.data.map((vehicle) => {
            const selected = vehicle.vin === selectedVin;
            return (
              // ul > li > button; the button is named by what it shows, the price included (WCAG 2.5.3).
              <ListItem key={vehicle.vin} disablePadding>
                <ListItemButton
                  selected={selected}
                  disabled={!onChooseVehicle}
                  onClick={() => onChooseVehicle?.(vehicle.vin)}
                  sx={{ py: 0.25, gap: 1 }}
                >
                  <ListItemText
                    primary={
                      <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                        <span>{vehicle.registrationNumber}</span>
                        {vehicle.electric && (
                          <Tooltip title={t('bookingForm.estimate.electric')}>
                            <BoltIcon fontSize="inherit" color="success" aria-label={t('bookingForm.estimate.electric')} />
                          </Tooltip>
                        )}
                        {selected && <CheckIcon fontSize="inherit" color="primary" aria-hidden />}
                      </Stack>
                    }
                    secondary={vehicle.longPresentation}
                    slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 500 } }, secondary: { noWrap: true } }}
                    sx={{ minWidth: 0 }}
                  />
                  <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {vehicle.estimatedPrice
                      ? format.money(vehicle.estimatedPrice.totalPriceWithVat, vehicle.estimatedPrice.currency)
                      : t('bookingForm.estimate.noPrice')}
                  </Typography>
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
