import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Vehicle } from '@fleetdesk/contract';
import { notifyError, notifySuccess } from '@/lib/notifications/notify';
import { requestBackInService } from '../api/out-of-service-api';
import { vehicleKeys } from '../api/vehicle-keys';
import { VehicleConfirmDialog } from './vehicle-dialogs';

/** "Back in service" (issue 19 point 5): asks, then makes the vehicle available again; moved bookings stay moved. */
export function BackInServiceDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const back = useMutation({
    mutationFn: () => requestBackInService(vehicle.vin),
    onSuccess: (fresh) => {
      queryClient.setQueryData(vehicleKeys.get(vehicle.vin), fresh);
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.all() });
      notifySuccess(t('vehicles.outOfService.backDone', { registration: vehicle.registrationNumber }));
      onClose();
    },
    onError: (error) => notifyError(error),
    meta: { notifyErrors: false },
  });
  return (
    <VehicleConfirmDialog
      title={t('vehicles.outOfService.backTitle', { registration: vehicle.registrationNumber })}
      body={t('vehicles.outOfService.backBody')}
      confirmLabel={t('vehicles.outOfService.backConfirm')}
      pending={back.isPending}
      onConfirm={() => back.mutate()}
      onClose={onClose}
    />
  );
}
