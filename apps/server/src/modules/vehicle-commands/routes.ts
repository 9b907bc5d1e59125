import {
  ZCommandParams,
  ZErrorEnvelope,
  ZRemoteCommandRequest,
  ZVehicleCommandResult,
  ZVehicleCommandsResponse,
  ZVinParams,
  type RemoteCommand,
} from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { getVehicleCommand, listVehicleCommands, requestVehicleCommand } from './service.ts';

const tags = ['vehicles'];
const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope };

/** Path (under /api/vehicles/by-vin/{vin}/) and summary of each remote command (agent paths: docs/decisions/0017-telematics.md). */
const COMMAND_ROUTES: { path: string; command: RemoteCommand; summary: string }[] = [
  { path: 'lock', command: 'LOCK', summary: 'Lock the vehicle' },
  { path: 'unlock', command: 'UNLOCK', summary: 'Unlock the vehicle' },
  { path: 'mobilize', command: 'MOBILIZE', summary: 'Release the immobilizer' },
  { path: 'immobilize', command: 'IMMOBILIZE', summary: 'Engage the immobilizer (reason required)' },
  { path: 'agent/reboot', command: 'REBOOT', summary: 'Reboot the telematics agent' },
  { path: 'agent/wake-up', command: 'WAKE_UP', summary: 'Wake the telematics agent up' },
];

/**
 * Remote commands: each POST answers 202 with the PENDING command; the vehicle's answer arrives later
 * (GET /api/vehicles/commands/{commandId}). A reason is required for IMMOBILIZE and during an active booking.
 */
export function registerVehicleCommandRoutes(app: App, { db, telematics }: AppContext) {
  for (const { path, command, summary } of COMMAND_ROUTES) {
    app.post(
      `/api/vehicles/by-vin/:vin/${path}`,
      {
        schema: { tags, summary, params: ZVinParams, body: ZRemoteCommandRequest, response: { 202: ZVehicleCommandResult, ...errors } },
        // The body is optional: a POST without one means no reason.
        preValidation: async (request) => {
          request.body ??= {};
        },
      },
      async (request, reply) => {
        const result = await requestVehicleCommand(db, telematics, requireSession(request), request.params.vin, command, request.body);
        return reply.code(202).send(result);
      },
    );
  }

  app.get(
    '/api/vehicles/by-vin/:vin/commands',
    {
      schema: {
        tags,
        summary: 'The latest remote commands of a vehicle, newest first',
        params: ZVinParams,
        response: { 200: ZVehicleCommandsResponse, ...errors },
      },
    },
    async (request) => listVehicleCommands(db, requireSession(request), request.params.vin),
  );

  app.get(
    '/api/vehicles/commands/:commandId',
    {
      schema: { tags, summary: 'One remote command with its state', params: ZCommandParams, response: { 200: ZVehicleCommandResult, ...errors } },
    },
    async (request) => getVehicleCommand(db, requireSession(request), request.params.commandId),
  );
}
