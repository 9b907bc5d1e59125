import { describe, expect, it } from 'vitest';
import type { UserDetail } from '@fleetdesk/contract';
import {
  criteriaOf,
  hasSearchInput,
  searchFromInputs,
  validateUserPageSearch,
  validateUsersSearch,
} from '../src/features/users/users-search';
import { isLockedField, toUserUpdateRequest, userFormValuesOf, validateUserForm, type UserFormValues } from '../src/features/users/user-form';
import { freeMonthsMessage } from '../src/features/users/free-months';
import { userDetail } from './fixtures/user-detail';

const user: UserDetail = userDetail;

const values = (change: Partial<UserFormValues> = {}): UserFormValues => ({ ...userFormValuesOf(user), ...change });
const noMembership = { membershipRequired: false };

describe('user search URL state', () => {
  it('keeps trimmed inputs, a page above 0 and the page sizes 5 and 25, and drops the rest', () => {
    expect(validateUsersSearch({ query: '  Nordmann ', mobilePhone: ' ', username: 'ola', page: '2', pageSize: '25', tab: 'search' })).toEqual({
      query: 'Nordmann',
      username: 'ola',
      page: 2,
      pageSize: 25,
    });
    expect(validateUsersSearch({ page: -1, pageSize: 20, tab: 'deletion' })).toEqual({ tab: 'deletion' });
    // 10 is the default and not written; numbers typed as user names stay text.
    expect(validateUsersSearch({ pageSize: 10, username: 4747 })).toEqual({ username: '4747' });
  });

  it('needs a non-blank input (§5)', () => {
    expect(hasSearchInput({})).toBe(false);
    expect(hasSearchInput({ query: '   ', mobilePhone: '' })).toBe(false);
    expect(hasSearchInput({ mobilePhone: '+47 474' })).toBe(true);
  });

  it('turns the inputs into the URL and the URL into the API criteria', () => {
    const next = searchFromInputs({ query: ' Ola ', mobilePhone: '', username: '' }, { query: 'old', page: 3, pageSize: 25 });
    expect(next).toEqual({ query: 'Ola', pageSize: 25 });
    expect(criteriaOf(next)).toEqual({ query: 'Ola', page: 0, pageSize: 25 });
    expect(criteriaOf({ username: 'demo' })).toEqual({ username: 'demo', page: 0, pageSize: 10 });
  });

  it('reads ?edit=true and the user page tab', () => {
    expect(validateUserPageSearch({ edit: 'true', tab: 'bookings' })).toEqual({ edit: true, tab: 'bookings' });
    expect(validateUserPageSearch({ edit: true })).toEqual({ edit: true });
    expect(validateUserPageSearch({ edit: 'no', tab: 'info' })).toEqual({});
  });
});

describe('user form rules (§5)', () => {
  it('accepts the user as read', () => {
    expect(validateUserForm(values(), noMembership)).toEqual({});
  });

  it('requires user name, first and last name, mobile phone and the company', () => {
    const errors = validateUserForm(values({ username: ' ', givenName: '', familyName: '', mobilePhone: '', companyId: null }), noMembership);
    expect(errors).toEqual({
      username: { key: 'required' },
      givenName: { key: 'required' },
      familyName: { key: 'required' },
      mobilePhone: { key: 'required' },
      companyId: { key: 'required' },
    });
  });

  it('checks the phone, e-mail and PIN formats', () => {
    expect(validateUserForm(values({ mobilePhone: '4747474747' }), noMembership).mobilePhone).toEqual({ key: 'invalidPhoneNumber' });
    expect(validateUserForm(values({ mobilePhone: '+47 12' }), noMembership).mobilePhone).toEqual({ key: 'invalidPhoneNumber' });
    expect(validateUserForm(values({ mobilePhone: '+47 474 74 747' }), noMembership).mobilePhone).toBeUndefined();
    expect(validateUserForm(values({ emailAddress: 'ola@' }), noMembership).emailAddress).toEqual({ key: 'invalidEmail' });
    expect(validateUserForm(values({ emailAddress: '' }), noMembership).emailAddress).toBeUndefined();
    expect(validateUserForm(values({ pinCode: '123' }), noMembership).pinCode).toEqual({ key: 'invalidPinCode' });
    expect(validateUserForm(values({ pinCode: '12345' }), noMembership).pinCode).toEqual({ key: 'invalidPinCode' });
    expect(validateUserForm(values({ pinCode: '0123' }), noMembership).pinCode).toBeUndefined();
  });

  it('limits text lengths with the counter message', () => {
    expect(validateUserForm(values({ givenName: 'x'.repeat(101) }), noMembership).givenName).toEqual({ key: 'maxCharacters', max: 100, len: 101 });
  });

  it('needs the membership override for an unconfirmed housing-association division', () => {
    expect(validateUserForm(values(), { membershipRequired: true }).companyId).toEqual({ key: 'membershipConfirmationRequired' });
    expect(validateUserForm(values({ membershipOverride: true }), { membershipRequired: true })).toEqual({});
  });

  it('does not check the fields single sign-on locks', () => {
    const sso = { ...user, singleSignOn: true };
    expect(isLockedField(sso, 'mobilePhone')).toBe(true);
    expect(isLockedField(sso, 'companyId')).toBe(true);
    expect(isLockedField(sso, 'pinCode')).toBe(false);
    expect(isLockedField(user, 'mobilePhone')).toBe(false);
    const locked = new Set(['mobilePhone'] as const);
    expect(validateUserForm(values({ mobilePhone: 'x' }), { membershipRequired: false, locked })).toEqual({});
  });

  it('sends the editable fields only: never htmlId, outstandingPayments or status', () => {
    const body = toUserUpdateRequest(values({ mobilePhone: '+47 474 74 700', emailAddress: '  ', note: ' hi ' }), user);
    expect(body).not.toHaveProperty('htmlId');
    expect(body).not.toHaveProperty('outstandingPayments');
    expect(body).not.toHaveProperty('hasOutstandingPayments');
    expect(body).not.toHaveProperty('status');
    expect(body).toMatchObject({ mobilePhone: '+4747474700', emailAddress: null, note: 'hi', company: { id: 7 } });
  });

  it('sends the stored values of locked fields for a single-sign-on user', () => {
    const sso = { ...user, singleSignOn: true };
    const body = toUserUpdateRequest(values({ mobilePhone: '+4700000000', givenName: 'Changed', pinCode: '1234' }), sso);
    expect(body.mobilePhone).toBe('+4747474747');
    expect(body.givenName).toBe('Ola');
    expect(body.pinCode).toBe('1234');
  });

  it('free months are a whole number, zero or more', () => {
    expect(freeMonthsMessage('0')).toBeNull();
    expect(freeMonthsMessage('3')).toBeNull();
    expect(freeMonthsMessage('-1')).toBe('valueCanNotBeNegative');
    expect(freeMonthsMessage('1.5')).toBe('mustBeNumber');
    expect(freeMonthsMessage('')).toBe('required');
  });
});
