import { ZBackInServiceRequest, ZErrorEnvelope, ZOutOfServiceRequest, ZOutOfServiceResponse, ZVehicle, ZVinParams } from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { putBackInService, takeOutOfService } from './out-of-service.ts';

const tags = ['vehicles'];
const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope, 409: ZErrorEnvelope };

/** Out of service and back in service (issue 19 point 5; docs/decisions/0072-out-of-service.md). */
export function registerVehicleServiceRoutes(app: App, { db, telematics, payments }: AppContext) {
  app.post(
    '/api/vehicles/by-vin/:vin/out-of-service',
    {
      schema: {
        tags,
        summary:
          'Take the vehicle out of service: dryRun answers the plan for its coming bookings (move or cancel); the real call applies the reviewed plan (planFingerprint) or answers 409 when it has changed',
        params: ZVinParams,
        body: ZOutOfServiceRequest,
        response: { 200: ZOutOfServiceResponse, ...errors },
      },
    },
    async (request) => takeOutOfService(db, { telematics, payments }, requireSession(request), request.params.vin, request.body),
  );

  app.post(
    '/api/vehicles/by-vin/:vin/back-in-service',
    {
      schema: {
        tags,
        summary: 'Put the vehicle back in service: it takes bookings again (moved bookings stay moved); answers the vehicle',
        params: ZVinParams,
        body: ZBackInServiceRequest,
        response: { 200: ZVehicle, ...errors },
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => putBackInService(db, requireSession(request), request.params.vin),
  );
}
