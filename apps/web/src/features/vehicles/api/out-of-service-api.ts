import { ZOutOfServiceResponse, ZVehicle, type OutOfServiceRequest, type OutOfServiceResponse, type Vehicle } from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { vehiclePath } from './vehicles-api';

/**
 * Out of service and back in service (issue 19 point 5). Imported only by the out-of-service dialog, so their schemas
 * download with it, not with the card.
 */

/** POST …/out-of-service: the plan (dryRun) or the plan applied (with the reviewed plan's fingerprint). */
export const requestOutOfService = (vin: string, body: OutOfServiceRequest): Promise<OutOfServiceResponse> =>
  apiClient.request(vehiclePath(vin, '/out-of-service'), { method: 'POST', body, schema: ZOutOfServiceResponse });

/** POST …/back-in-service: answers the vehicle. */
export const requestBackInService = (vin: string): Promise<Vehicle> =>
  apiClient.request(vehiclePath(vin, '/back-in-service'), { method: 'POST', body: {}, schema: ZVehicle });
