import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LocalParkingIcon from '@mui/icons-material/LocalParking';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALARMS_POLL_MS, type Vehicle } from '@fleetdesk/contract';
import { useFormat } from '@/lib/format/use-format';
import { notifySuccess } from '@/lib/notifications/notify';
import { acknowledgeAlarm, triggeredAlarmsQueryOptions, updateParkingPlaceInfo, updatePublicNote } from '../api/vehicles-api';
import { vehicleKeys } from '../api/vehicle-keys';
import { VehicleTextDialog } from './lazy-forms';
import { FieldList, FieldRow, VehicleSection } from './vehicle-section';
import { whileStreamDown } from '@/lib/live/live-state';

const PUBLIC_NOTE_MAX = 1000;
const PARKING_PLACE_INFO_MAX = 500;
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The public note (PUT /api/vehicles/by-vin/{vin}; 'Public note updated'). */
export function PublicNoteSection({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const mutation = useMutation({
    mutationFn: (note: string | null) => updatePublicNote(vehicle.vin, note),
    onSuccess: (updated) => {
      queryClient.setQueryData(vehicleKeys.get(vehicle.vin), updated);
      notifySuccess(t('messages.publicNoteUpdated'));
      setEditing(false);
    },
  });
  return (
    <VehicleSection
      title={t('vehicles.publicNote.title')}
      icon={<StickyNote2Icon />}
      testId="vehicle-public-note"
      action={
        <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
          {t('vehicles.publicNote.edit')}
        </Button>
      }
    >
      <Typography
        variant="body2"
        color={vehicle.publicNote ? 'text.primary' : 'text.secondary'}
        sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
      >
        {vehicle.publicNote ?? t('vehicles.publicNote.empty')}
      </Typography>
      {editing && (
        <VehicleTextDialog
          title={t('vehicles.publicNote.edit')}
          label={t('vehicles.publicNote.title')}
          maxLength={PUBLIC_NOTE_MAX}
          required={false}
          initialValue={vehicle.publicNote ?? ''}
          submitLabel={t('vehicles.dialogs.save')}
          pending={mutation.isPending}
          onSubmit={(text) => mutation.mutate(orNull(text))}
          onClose={() => setEditing(false)}
        />
      )}
    </VehicleSection>
  );
}

/** Parking place info (PUT …/parkingPlaceInfo, 204). */
export function ParkingPlaceSection({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const mutation = useMutation({
    mutationFn: (info: string | null) => updateParkingPlaceInfo(vehicle.vin, info),
    onSuccess: (_void, info) => {
      queryClient.setQueryData<Vehicle>(vehicleKeys.get(vehicle.vin), (old) => (old ? { ...old, currentParkingPlaceInfo: info } : old));
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.get(vehicle.vin) });
      notifySuccess(t('vehicles.parkingPlace.updated'));
      setEditing(false);
    },
  });
  return (
    <VehicleSection
      title={t('vehicles.parkingPlace.title')}
      icon={<LocalParkingIcon />}
      testId="vehicle-parking-place"
      action={
        <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
          {t('vehicles.parkingPlace.edit')}
        </Button>
      }
    >
      <Typography
        variant="body2"
        color={vehicle.currentParkingPlaceInfo ? 'text.primary' : 'text.secondary'}
        sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
      >
        {vehicle.currentParkingPlaceInfo ?? t('vehicles.parkingPlace.empty')}
      </Typography>
      {editing && (
        <VehicleTextDialog
          title={t('vehicles.parkingPlace.edit')}
          label={t('vehicles.parkingPlace.title')}
          maxLength={PARKING_PLACE_INFO_MAX}
          required={false}
          initialValue={vehicle.currentParkingPlaceInfo ?? ''}
          submitLabel={t('vehicles.dialogs.save')}
          pending={mutation.isPending}
          onSubmit={(text) => mutation.mutate(orNull(text))}
          onClose={() => setEditing(false)}
        />
      )}
    </VehicleSection>
  );
}

/** Tires, the key holder, and the other facts of the vehicle. */
export function VehicleDetailsSection({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  return (
    <VehicleSection title={t('vehicles.details.title')} icon={<InfoOutlinedIcon />} testId="vehicle-details">
      <FieldList>
        <FieldRow label={t('vehicles.details.vin')}>{vehicle.vin}</FieldRow>
        <FieldRow label={t('vehicles.details.tires')}>{vehicle.tires}</FieldRow>
        <FieldRow label={t('vehicles.details.keyholder')}>{vehicle.keyholder}</FieldRow>
        <FieldRow label={t('vehicles.details.priceClass')}>{vehicle.priceClass}</FieldRow>
        <FieldRow label={t('vehicles.details.fuelType')}>{t(`vehicles.fuelTypes.${vehicle.primaryFuelType}`)}</FieldRow>
        <FieldRow label={t('vehicles.details.agent')}>{t(`vehicles.agentTypes.${vehicle.agentHardwareType}`)}</FieldRow>
        {vehicle.wheelType && <FieldRow label={t('vehicles.details.wheelType')}>{t(`vehicles.wheelTypes.${vehicle.wheelType}`)}</FieldRow>}
      </FieldList>
    </VehicleSection>
  );
}

/** The vehicle's TRIGGERED alarms (GET /api/alarms, refreshed every 30 s) with an acknowledge button each. */
export function VehicleAlarmsSection({ vin }: { vin: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const { data, isError } = useQuery({
    ...triggeredAlarmsQueryOptions(vin),
    refetchInterval: whileStreamDown(ALARMS_POLL_MS),
    refetchIntervalInBackground: false,
  });
  const mutation = useMutation({
    mutationFn: acknowledgeAlarm,
    onSuccess: () => notifySuccess(t('vehicles.alarms.acknowledged')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.alarms(vin) });
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.get(vin) });
      void queryClient.invalidateQueries({ queryKey: ['vehicles', 'statusFor'] });
    },
  });
  return (
    <VehicleSection title={t('vehicles.alarms.title')} icon={<NotificationsActiveIcon />} testId="vehicle-alarms">
      {isError && <Alert severity="error">{t('vehicles.alarms.loadError')}</Alert>}
      {data && data.results.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('vehicles.alarms.none')}
        </Typography>
      )}
      <Stack spacing={0.75}>
        {data?.results.map((alarm) => (
          <Stack key={alarm.alarmId} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="vehicle-alarm">
            <Chip size="small" color="error" label={t(`vehicles.alarms.names.${alarm.name}`)} />
            <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
              {format.dateTime(alarm.alarmTimestamp)}
              {alarm.assignedTo ? ` · ${t('vehicles.alarms.assignedTo', { user: alarm.assignedTo })}` : ''}
            </Typography>
            <Button size="small" disabled={mutation.isPending} onClick={() => mutation.mutate(alarm.alarmId)}>
              {t('vehicles.alarms.acknowledge')}
            </Button>
          </Stack>
        ))}
      </Stack>
    </VehicleSection>
  );
}
