import {
  PHONE_PATTERN,
  PIN_PATTERN,
  SSO_LOCKED_FIELDS,
  ZCountryCode,
  ZLanguage,
  ZUserCategory,
  type CountryCode,
  type Language,
  type UserCategory,
  type UserDetail,
  type UserUpdateRequest,
} from '@fleetdesk/contract';
import { z } from 'zod';

/**
 * The user form of the user page (spec §5 "User form", §6 single sign-on): the values as the inputs hold them, the
 * rules with the §5 messages (by message key, translated by the form), and the request built from valid values.
 */
export interface UserFormValues {
  username: string;
  givenName: string;
  familyName: string;
  mobilePhone: string;
  emailAddress: string;
  language: Language;
  streetAddress: string;
  zipCode: string;
  city: string;
  /** '' for none. */
  countryCode: CountryCode | '';
  pinCode: string;
  rfid: string;
  customerNumber: string;
  campaignCode: string;
  note: string;
  premiumAccess: boolean;
  userCategory: UserCategory;
  /** The company membership (§5: required). */
  companyId: number | null;
  /** Save a housing-association division without a confirmed membership (§5). */
  membershipOverride: boolean;
}
export type UserFormField = keyof UserFormValues;

/** A rule's message: a key of `messages.*` (with its values), or a server message shown as it is. */
export type UserFormMessage =
  | { key: 'required' | 'invalidPhoneNumber' | 'invalidEmail' | 'invalidPinCode' | 'membershipConfirmationRequired' }
  | { key: 'maxCharacters'; max: number; len: number }
  | { text: string };

/** Text limits of the contract's ZUserUpdateRequest. */
export const USER_FORM_MAX_LENGTH: Partial<Record<UserFormField, number>> = {
  username: 100,
  givenName: 100,
  familyName: 100,
  streetAddress: 200,
  zipCode: 20,
  city: 100,
  rfid: 100,
  customerNumber: 50,
  campaignCode: 50,
  note: 2000,
};

/** §6: the form fields of SSO_LOCKED_FIELDS (the contract's `company` is the form's companyId). */
export const SSO_LOCKED_FORM_FIELDS: ReadonlySet<UserFormField> = new Set(
  SSO_LOCKED_FIELDS.map((field): UserFormField => (field === 'company' ? 'companyId' : field)),
);

/** Whether a field is locked for this user (external single sign-on, §6). */
export const isLockedField = (user: Pick<UserDetail, 'singleSignOn'>, field: UserFormField) => user.singleSignOn && SSO_LOCKED_FORM_FIELDS.has(field);

/** The phone as the server reads it: separators (spaces, hyphens, brackets, dots) removed. */
export const normalizePhone = (phone: string) => phone.replace(/[\s\-().]/g, '');

const ZEmail = z.email();

/** The form's values of a user as read. */
export function userFormValuesOf(user: UserDetail): UserFormValues {
  return {
    username: user.username,
    givenName: user.givenName,
    familyName: user.familyName,
    mobilePhone: user.mobilePhone ?? '',
    emailAddress: user.emailAddress ?? '',
    language: user.language,
    streetAddress: user.address.streetAddress ?? '',
    zipCode: user.address.zipCode ?? '',
    city: user.address.city ?? '',
    countryCode: user.address.countryCode ?? '',
    pinCode: user.pinCode ?? '',
    rfid: user.rfid ?? '',
    customerNumber: user.customerNumber ?? '',
    campaignCode: user.campaignCode ?? '',
    note: user.note ?? '',
    premiumAccess: user.premiumAccess,
    userCategory: user.userCategory,
    companyId: user.company?.id ?? null,
    membershipOverride: user.membership.override,
  };
}

/**
 * The §5 rules: user name, first and last name and mobile phone required; the phone + then 6–21 digits; the e-mail
 * address; the PIN code exactly 4 digits; the company membership required; the length limits. A housing-association
 * division (`membershipRequired`: the current company needs a confirmation the user does not have) needs the
 * override. Fields locked by single sign-on are not checked (they keep the stored values).
 */
export function validateUserForm(
  values: UserFormValues,
  context: { membershipRequired: boolean; locked?: ReadonlySet<UserFormField> },
): Partial<Record<UserFormField, UserFormMessage>> {
  const errors: Partial<Record<UserFormField, UserFormMessage>> = {};
  const locked = context.locked ?? new Set<UserFormField>();
  const set = (field: UserFormField, message: UserFormMessage) => {
    if (!locked.has(field) && !errors[field]) errors[field] = message;
  };
  for (const field of ['username', 'givenName', 'familyName', 'mobilePhone'] as const) {
    if (values[field].trim() === '') set(field, { key: 'required' });
  }
  for (const [field, max] of Object.entries(USER_FORM_MAX_LENGTH) as [UserFormField, number][]) {
    const value = values[field];
    if (typeof value === 'string' && value.trim().length > max) set(field, { key: 'maxCharacters', max, len: value.trim().length });
  }
  if (values.mobilePhone.trim() !== '' && !PHONE_PATTERN.test(normalizePhone(values.mobilePhone))) set('mobilePhone', { key: 'invalidPhoneNumber' });
  const email = values.emailAddress.trim();
  if (email !== '' && (!ZEmail.safeParse(email).success || email.length > 254)) set('emailAddress', { key: 'invalidEmail' });
  const pin = values.pinCode.trim();
  if (pin !== '' && !PIN_PATTERN.test(pin)) set('pinCode', { key: 'invalidPinCode' });
  if (values.companyId === null) set('companyId', { key: 'required' });
  if (context.membershipRequired && !values.membershipOverride) set('companyId', { key: 'membershipConfirmationRequired' });
  return errors;
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * PUT /api/users/{username}'s body from valid values. Only the editable fields go: htmlId, outstandingPayments and
 * status are never sent (§5), nor any other read-only field. Fields locked by single sign-on are sent with their
 * stored values (the server refuses a change).
 */
export function toUserUpdateRequest(values: UserFormValues, user: UserDetail): UserUpdateRequest {
  const v = user.singleSignOn ? { ...values, ...lockedValuesOf(user) } : values;
  return {
    username: v.username.trim(),
    givenName: v.givenName.trim(),
    familyName: v.familyName.trim(),
    mobilePhone: normalizePhone(v.mobilePhone),
    emailAddress: blankToNull(v.emailAddress),
    // A code on record outside the four stays unless the staff member picks a language (user.language only shows one).
    language: user.languageOnRecord !== null && v.language === user.language ? undefined : ZLanguage.parse(v.language),
    address: {
      streetAddress: blankToNull(v.streetAddress),
      zipCode: blankToNull(v.zipCode),
      city: blankToNull(v.city),
      countryCode: v.countryCode === '' ? null : ZCountryCode.parse(v.countryCode),
    },
    pinCode: blankToNull(v.pinCode),
    rfid: blankToNull(v.rfid),
    customerNumber: blankToNull(v.customerNumber),
    campaignCode: blankToNull(v.campaignCode),
    note: blankToNull(v.note),
    premiumAccess: v.premiumAccess,
    userCategory: ZUserCategory.parse(v.userCategory),
    company: v.companyId === null ? null : { id: v.companyId },
    membershipOverride: v.membershipOverride,
  };
}

/** The stored values of the fields single sign-on locks. */
function lockedValuesOf(user: UserDetail): Partial<UserFormValues> {
  const stored = userFormValuesOf(user);
  return Object.fromEntries([...SSO_LOCKED_FORM_FIELDS].map((field) => [field, stored[field]]));
}

/** The server's field names (ZUserUpdateRequest, dotted for the address) onto the form's fields. */
export const SERVER_FIELDS: Record<string, UserFormField> = {
  username: 'username',
  givenName: 'givenName',
  familyName: 'familyName',
  mobilePhone: 'mobilePhone',
  emailAddress: 'emailAddress',
  language: 'language',
  'address.streetAddress': 'streetAddress',
  'address.zipCode': 'zipCode',
  'address.city': 'city',
  'address.countryCode': 'countryCode',
  pinCode: 'pinCode',
  rfid: 'rfid',
  customerNumber: 'customerNumber',
  campaignCode: 'campaignCode',
  note: 'note',
  premiumAccess: 'premiumAccess',
  userCategory: 'userCategory',
  company: 'companyId',
  'company.id': 'companyId',
  membershipOverride: 'membershipOverride',
};
