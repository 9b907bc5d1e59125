import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ZVehicleSpecType, type AvailabilityResponse, type VehicleSpecType } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';

/** A price class with its category, unless the class already names it ('Cargo bike'). */
const classLabel = (className: string, category: string) =>
  className.toLowerCase().includes(category.toLowerCase()) ? className : `${className} · ${category}`;

interface VehicleFieldsProps {
  specType: VehicleSpecType;
  className: string;
  modelId: number | null;
  vin: string;
  onSpecTypeChange: (type: VehicleSpecType) => void;
  onClassChange: (className: string) => void;
  onModelChange: (modelId: number | null) => void;
  onVehicleChange: (vin: string) => void;
  availability: AvailabilityResponse | undefined;
  /** Availability is being (re)loaded. */
  loading: boolean;
  failed: boolean;
  /** A pool and a valid period are chosen, so availability can be asked. */
  ready: boolean;
  /** What the booking being updated had, to name a choice no longer listed. */
  original?: { className?: string; modelName?: string; vehicle?: string };
  errors: { className?: string; modelId?: string; vin?: string };
  disabled?: boolean;
}

/** The vehicle wanted (§3): a price class, a model or one vehicle, from what is free in the pool for the period. */
export function VehicleFields({
  specType,
  className,
  modelId,
  vin,
  onSpecTypeChange,
  onClassChange,
  onModelChange,
  onVehicleChange,
  availability,
  loading,
  failed,
  ready,
  original,
  errors,
  disabled,
}: VehicleFieldsProps) {
  const { t } = useTranslation();
  const classes = availability?.classes ?? [];
  const models = availability?.models ?? [];
  const vehicles = availability?.vehicles ?? [];
  const helper = !ready
    ? t('bookingForm.vehicle.chooseTripFirst')
    : failed
      ? t('bookingForm.vehicle.availabilityFailed')
      : loading && !availability
        ? t('bookingForm.vehicle.loading')
        : undefined;
  const selectDisabled = disabled || !ready || (!availability && !original);
  const noVehiclesInPool = ready && availability !== undefined && availability.vehiclesInPool === 0;
  const vehicleMissing =
    ready && availability !== undefined && !loading && specType === 'VEHICLE' && vin !== '' && !vehicles.some((v) => v.vin === vin);
  const available = (count: number) => t('bookingForm.vehicle.available', { count });
  // A choice with nothing free (e.g. prefilled from the customer's last booking): the server will refuse it.
  const noneFree =
    ready &&
    availability !== undefined &&
    !loading &&
    ((specType === 'CLASS' && classes.find((c) => c.className === className)?.available === 0) ||
      (specType === 'MODEL' && models.find((m) => m.modelId === modelId)?.available === 0));
  const choiceHelper = noneFree ? t('bookingForm.vehicle.noneFree') : helper;

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography id="booking-form-spec-type" variant="body2" color="text.secondary" sx={{ minWidth: 64 }}>
          {t('bookingForm.fields.vehicleSpecType')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={specType}
          onChange={(_event, type: VehicleSpecType | null) => type && onSpecTypeChange(type)}
          aria-labelledby="booking-form-spec-type"
          disabled={disabled}
        >
          {ZVehicleSpecType.options.map((type) => (
            <ToggleButton key={type} value={type} sx={{ px: 1.5, py: 0.25 }}>
              {t(`bookingForm.specTypes.${type}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>

      {specType === 'CLASS' && (
        <TextField
          select
          label={t('bookingForm.fields.className')}
          required
          value={className}
          onChange={(event) => onClassChange(event.target.value)}
          disabled={selectDisabled}
          error={Boolean(errors.className)}
          helperText={errors.className ?? choiceHelper}
        >
          {className !== '' && !classes.some((c) => c.className === className) && (
            <MenuItem value={className}>{t('bookingForm.vehicle.notFree', { name: className })}</MenuItem>
          )}
          {classes.map((c) => (
            <MenuItem key={c.className} value={c.className} disabled={c.available === 0}>
              {classLabel(c.className, t(`bookingForm.categories.${c.vehicleCategory}`))} — {available(c.available)}
            </MenuItem>
          ))}
        </TextField>
      )}

      {specType === 'MODEL' && (
        <TextField
          select
          label={t('bookingForm.fields.model')}
          required
          value={modelId === null ? '' : String(modelId)}
          onChange={(event) => onModelChange(event.target.value === '' ? null : Number(event.target.value))}
          disabled={selectDisabled}
          error={Boolean(errors.modelId)}
          helperText={errors.modelId ?? choiceHelper}
        >
          {modelId !== null && !models.some((m) => m.modelId === modelId) && (
            <MenuItem value={String(modelId)}>{t('bookingForm.vehicle.notFree', { name: original?.modelName ?? String(modelId) })}</MenuItem>
          )}
          {models.map((m) => (
            <MenuItem key={m.modelId} value={String(m.modelId)} disabled={m.available === 0}>
              {m.modelName} · {m.priceClass} — {available(m.available)}
            </MenuItem>
          ))}
        </TextField>
      )}

      {specType === 'VEHICLE' && (
        <TextField
          select
          label={t('bookingForm.fields.vehicle')}
          required
          value={vin}
          onChange={(event) => onVehicleChange(event.target.value)}
          disabled={selectDisabled}
          error={Boolean(errors.vin)}
          helperText={errors.vin ?? helper}
        >
          {vin !== '' && !vehicles.some((v) => v.vin === vin) && (
            <MenuItem value={vin}>{t('bookingForm.vehicle.notFree', { name: original?.vehicle ?? vin })}</MenuItem>
          )}
          {vehicles.map((v) => (
            <MenuItem key={v.vin} value={v.vin}>
              {v.registrationNumber} — {v.longPresentation}
            </MenuItem>
          ))}
        </TextField>
      )}

      {noVehiclesInPool && (
        <Alert severity="warning" role="status">
          {t('messages.noVehiclesInPool')}
        </Alert>
      )}
      {vehicleMissing && (
        <Alert severity="warning" role="status">
          {t('messages.vehicleMissingFromPool')}
        </Alert>
      )}
    </Stack>
  );
}
