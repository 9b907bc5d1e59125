import { ZPoolUpdateRequest, type ErrorEnvelope, type Pool, type PoolUpdateRequest } from '@fleetdesk/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { placeServerErrors } from '@/lib/forms/apply-server-errors';

/** The pool edit form's values (§3 Pool, the fields PUT /api/pools/{poolId} takes): texts as strings, ids as strings. */
export interface PoolFormValues {
  disabled: boolean;
  description: string;
  publicNote: string;
  pickupNote: string;
  dropoffNote: string;
  fee: string;
  responsibleOrganization: string;
  geographicalIdentity: string;
  parkingPlaceInfoRequired: boolean;
  defaultParkingPlace: string;
  chargingAvailable: boolean;
  wattWorldStationName: string;
  movedTo: string;
  poolGroupId: string;
  /** Ids of the operator's contracts, chosen by name (issue 17). */
  allowedContracts: number[];
}

export const POOL_TEXT_FIELDS = [
  'description',
  'publicNote',
  'pickupNote',
  'dropoffNote',
  'responsibleOrganization',
  'geographicalIdentity',
  'defaultParkingPlace',
  'wattWorldStationName',
] as const satisfies readonly (keyof PoolFormValues)[];

export const POOL_FLAG_FIELDS = ['disabled', 'parkingPlaceInfoRequired', 'chargingAvailable'] as const satisfies readonly (keyof PoolFormValues)[];

export const poolFormDefaults = (pool: Pool): PoolFormValues => ({
  disabled: pool.disabled,
  description: pool.description ?? '',
  publicNote: pool.publicNote ?? '',
  pickupNote: pool.pickupNote ?? '',
  dropoffNote: pool.dropoffNote ?? '',
  fee: pool.fee === null ? '' : String(pool.fee),
  responsibleOrganization: pool.responsibleOrganization ?? '',
  geographicalIdentity: pool.geographicalIdentity ?? '',
  parkingPlaceInfoRequired: pool.parkingPlaceInfoRequired,
  defaultParkingPlace: pool.defaultParkingPlace ?? '',
  chargingAvailable: pool.chargingAvailable,
  wattWorldStationName: pool.wattWorldStationName ?? '',
  movedTo: pool.movedTo === null ? '' : String(pool.movedTo),
  poolGroupId: pool.poolGroupId === null ? '' : String(pool.poolGroupId),
  allowedContracts: [...pool.allowedContracts],
});

const NOT_A_NUMBER = Number.NaN;
/** '' → null; a number (decimal comma allowed) → the number; anything else NaN (the schema rejects it). */
const numberOrNull = (text: string): number | null => {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : NOT_A_NUMBER;
};
const idOrNull = (text: string): number | null => (text === '' ? null : Number(text));

/** The PUT body before the contract's own trimming. */
export const toPoolUpdateInput = (values: PoolFormValues) => ({
  ...values,
  fee: numberOrNull(values.fee),
  movedTo: idOrNull(values.movedTo),
  poolGroupId: idOrNull(values.poolGroupId),
  allowedContracts: values.allowedContracts,
});

const FORM_FIELDS = new Set<string>(Object.keys(ZPoolUpdateRequest.shape));

/** The form field of a contract / server error path ('fee', 'allowedContracts.2' …), or null. */
export function poolFormFieldOf(path: string): keyof PoolFormValues | null {
  const head = path.split('.')[0] ?? '';
  return FORM_FIELDS.has(head) ? (head as keyof PoolFormValues) : null;
}

/** Messages the contract gives in English for a non-number are replaced by the form's own (translated) one. */
export const POOL_FORM_NUMBER_ERROR = 'pools.details.notANumber';

/** Validates with the contract's ZPoolUpdateRequest (the server's rules) and maps its issues onto the form fields. */
export const poolFormResolver: Resolver<PoolFormValues, unknown, PoolUpdateRequest> = (values) => {
  const parsed = ZPoolUpdateRequest.safeParse(toPoolUpdateInput(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<PoolFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = poolFormFieldOf(issue.path.map(String).join('.'));
    if (!field || errors[field]) continue;
    const nan = issue.code === 'invalid_type' && field === 'fee';
    errors[field] = { type: 'validate', message: nan ? POOL_FORM_NUMBER_ERROR : issue.message };
  }
  return { values: {}, errors };
};

/** Field errors of a server answer (400 with field errors), by form field: where applyServerErrors puts them. */
export function serverPoolFormErrors(envelope: ErrorEnvelope): { field: keyof PoolFormValues; message: string }[] {
  return placeServerErrors(envelope, { fields: poolFormFieldOf }).placed.map(({ name, message }) => ({ field: name, message }));
}
