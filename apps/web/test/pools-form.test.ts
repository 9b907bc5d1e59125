import { describe, expect, it } from 'vitest';
import type { Pool } from '@fleetdesk/contract';
import { POOL_FORM_NUMBER_ERROR, poolFormDefaults, poolFormResolver, serverPoolFormErrors, type PoolFormValues } from '@/features/pools/pool-form';

const POOL: Pool = {
  poolId: 4,
  pool: 'Grünerløkka',
  city: 'Oslo',
  disabled: false,
  description: null,
  publicNote: 'Level -1',
  pickupNote: null,
  dropoffNote: null,
  fee: 25,
  responsibleOrganization: null,
  geographicalIdentity: null,
  parkingPlaceInfoRequired: true,
  defaultParkingPlace: null,
  chargingAvailable: false,
  wattWorldStationName: null,
  movedTo: null,
  poolGroupId: 2,
  poolGroupName: 'Oslo sentrum',
  allowedContracts: [1, 3],
  lat: 59.92,
  lon: 10.76,
};

const resolve = async (values: PoolFormValues) => poolFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('pool details form (§3, §5)', () => {
  it('starts from the pool and sends the contract body (blank texts clear, ids as numbers)', async () => {
    const values = { ...poolFormDefaults(POOL), publicNote: '  ', fee: '12,5', allowedContracts: [1, 3, 7], movedTo: '9' };
    expect(poolFormDefaults(POOL)).toMatchObject({ fee: '25', poolGroupId: '2', allowedContracts: [1, 3], publicNote: 'Level -1' });
    const result = await resolve(values);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      publicNote: null,
      fee: 12.5,
      allowedContracts: [1, 3, 7],
      movedTo: 9,
      poolGroupId: 2,
      parkingPlaceInfoRequired: true,
    });
  });

  it('rejects a negative or non-numeric fee on its field; the contracts are chosen, so they are ids', async () => {
    expect((await resolve({ ...poolFormDefaults(POOL), fee: '-1' })).errors.fee?.message).toBe('Value can not be negative');
    expect((await resolve({ ...poolFormDefaults(POOL), fee: 'ten' })).errors.fee?.message).toBe(POOL_FORM_NUMBER_ERROR);
    expect((await resolve({ ...poolFormDefaults(POOL), allowedContracts: [] })).values).toMatchObject({ allowedContracts: [] });
  });

  it("maps the server's field errors onto the form fields", () => {
    const errors = serverPoolFormErrors({
      httpCode: 400,
      messageId: 'errorId.apigw.invalid.input',
      message: 'Invalid input',
      errors: [
        { field: 'movedTo', message: 'Must be another pool of the operator' },
        { field: 'allowedContracts.0', message: 'Unknown contract' },
        { field: 'poolId', message: 'ignored' },
        { message: 'no field' },
      ],
    });
    expect(errors).toEqual([
      { field: 'movedTo', message: 'Must be another pool of the operator' },
      { field: 'allowedContracts', message: 'Unknown contract' },
    ]);
  });
});
