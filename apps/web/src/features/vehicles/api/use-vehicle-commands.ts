import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MESSAGE_IDS, type RemoteCommand, type VehicleCommandResult } from '@fleetdesk/contract';
import { isApiError } from '@/lib/api/api-error';
import { notify, notifyError, notifySuccess } from '@/lib/notifications/notify';
import { commandQueryOptions, sendVehicleCommand } from './vehicles-api';
import { vehicleKeys } from './vehicle-keys';

const SUCCESS_MESSAGE = {
  LOCK: 'messages.vehicleLocked',
  UNLOCK: 'messages.vehicleUnlocked',
  MOBILIZE: 'messages.vehicleMobilized',
  IMMOBILIZE: 'messages.vehicleImmobilized',
  REBOOT: 'messages.agentRebooted',
  WAKE_UP: 'messages.agentAwakened',
} as const satisfies Record<RemoteCommand, string>;

const isAgentCommand = (command: RemoteCommand) => command === 'REBOOT' || command === 'WAKE_UP';

export interface VehicleCommandsState {
  /** The command last sent from this card, as the vehicle has answered so far. */
  current: VehicleCommandResult | null;
  /** A command is on its way or waiting for the vehicle. */
  busy: boolean;
  send: (command: RemoteCommand, reason?: string) => void;
  /** Set when the server asked for a reason the card did not know it needed (400 commandReasonRequired). */
  reasonNeededFor: RemoteCommand | null;
  clearReasonNeeded: () => void;
}

/**
 * Sends remote commands (202 PENDING), polls GET /api/vehicles/commands/{id} about every second until the
 * vehicle answers, then says so (§8 success texts; on failure the vehicle's message) and refreshes the vehicle.
 */
export function useVehicleCommands(vin: string): VehicleCommandsState {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [commandId, setCommandId] = useState<number | null>(null);
  const [reasonNeededFor, setReasonNeededFor] = useState<RemoteCommand | null>(null);
  const reported = useRef(new Set<number>());

  const mutation = useMutation({
    mutationFn: ({ command, reason }: { command: RemoteCommand; reason?: string }) => sendVehicleCommand(vin, command, reason),
    onSuccess: (result) => {
      queryClient.setQueryData(vehicleKeys.command(result.id), result);
      setCommandId(result.id);
    },
    onError: (error, { command }) => {
      if (isApiError(error) && error.envelope.messageId === MESSAGE_IDS.commandReasonRequired) setReasonNeededFor(command);
      else notifyError(error);
    },
    meta: { notifyErrors: false },
  });

  const { data: polled } = useQuery({ ...commandQueryOptions(commandId ?? 0), enabled: commandId !== null });
  const current = commandId === null ? null : (polled ?? null);

  useEffect(() => {
    if (!current || current.state === 'PENDING' || reported.current.has(current.id)) return;
    reported.current.add(current.id);
    if (current.state === 'SUCCEEDED') notifySuccess(t(SUCCESS_MESSAGE[current.command]));
    else {
      const message = current.message ?? t('messages.commandTimedOut');
      notify({ variant: 'error', message: isAgentCommand(current.command) ? message : t('messages.vehicleCommandFailed', { message }) });
    }
    // The vehicle answered: its state, actions and events have changed.
    void queryClient.invalidateQueries({ queryKey: vehicleKeys.get(vin) });
    void queryClient.invalidateQueries({ queryKey: ['vehicles', 'statusFor'] });
    void queryClient.invalidateQueries({ queryKey: ['vehicles', 'events'] });
  }, [current, queryClient, t, vin]);

  const { mutate } = mutation;
  const send = useCallback((command: RemoteCommand, reason?: string) => mutate({ command, reason }), [mutate]);
  const clearReasonNeeded = useCallback(() => setReasonNeededFor(null), []);

  return {
    current,
    busy: mutation.isPending || current?.state === 'PENDING',
    send,
    reasonNeededFor,
    clearReasonNeeded,
  };
}
