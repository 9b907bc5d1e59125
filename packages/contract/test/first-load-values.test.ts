import { describe, expect, it } from 'vitest';
import {
  ALARM_CATEGORIES,
  ALARM_STATES,
  COMPANY_USERS_SORT_DIRECTIONS,
  COMPANY_USERS_SORT_FIELDS,
  EVENT_ROLES,
  EVENT_TYPE_GROUPS,
  FLEET_MAP_STATUSES,
  isLoginPasswordFilled,
  isLoginUsernameFilled,
  isOneOf,
  PAYMENT_TYPES,
  USER_STATUSES,
  ZAlarmCategory,
  ZAlarmState,
  ZCompanyUsersSortDirection,
  ZCompanyUsersSortField,
  ZEventRole,
  ZEventTypeGroup,
  ZFleetMapStatus,
  ZPaymentType,
  ZUserStatus,
} from '../src/index.ts';

describe('value lists of the first load', () => {
  it('are the values of the zod enums built from them', () => {
    expect(ZAlarmState.options).toEqual([...ALARM_STATES]);
    expect(ZAlarmCategory.options).toEqual([...ALARM_CATEGORIES]);
    expect(ZUserStatus.options).toEqual([...USER_STATUSES]);
    expect(ZPaymentType.options).toEqual([...PAYMENT_TYPES]);
    expect(ZEventTypeGroup.options).toEqual([...EVENT_TYPE_GROUPS]);
    expect(ZEventRole.options).toEqual([...EVENT_ROLES]);
    expect(ZFleetMapStatus.options).toEqual([...FLEET_MAP_STATUSES]);
    expect(ZCompanyUsersSortField.options).toEqual([...COMPANY_USERS_SORT_FIELDS]);
    expect(ZCompanyUsersSortDirection.options).toEqual([...COMPANY_USERS_SORT_DIRECTIONS]);
  });

  it('isOneOf accepts exactly the listed strings', () => {
    expect(isOneOf(EVENT_ROLES, 'ACTING')).toBe(true);
    expect(isOneOf(EVENT_ROLES, 'acting')).toBe(false);
    expect(isOneOf(EVENT_ROLES, 'OTHER')).toBe(false);
    expect(isOneOf(EVENT_ROLES, 1)).toBe(false);
    expect(isOneOf(EVENT_ROLES, undefined)).toBe(false);
  });
});

describe('login form rules (§5)', () => {
  it('needs a user name that is not blank', () => {
    expect(isLoginUsernameFilled('demo.support')).toBe(true);
    expect(isLoginUsernameFilled('  x ')).toBe(true);
    expect(isLoginUsernameFilled('')).toBe(false);
    expect(isLoginUsernameFilled('   ')).toBe(false);
  });

  it('needs a password that is not empty (spaces count)', () => {
    expect(isLoginPasswordFilled('secret')).toBe(true);
    expect(isLoginPasswordFilled('  ')).toBe(true);
    expect(isLoginPasswordFilled('')).toBe(false);
  });
});
