import { describe, expect, it } from 'vitest';
import {
  BID_SEARCH_PATTERN,
  EVENT_TYPE_GROUP,
  FEE_REASONS,
  MESSAGES,
  NORWEGIAN_IDENTITY_PATTERN,
  PHONE_PATTERN,
  PIN_PATTERN,
  SWEDISH_IDENTITY_PATTERN,
  ZBid,
  ZErrorEnvelope,
  ZEventSearchQuery,
  ZEventType,
  ZPayment,
  batteryColour,
  formatMessage,
  isLightVehicleCategory,
} from '../src/index.ts';

describe('§9 patterns', () => {
  it('recognises BID plus 10 or more digits, any case, as a booking-id search', () => {
    expect(BID_SEARCH_PATTERN.test('BID0123456789')).toBe(true);
    expect(BID_SEARCH_PATTERN.test(' bid01234567890123 ')).toBe(true);
    expect(BID_SEARCH_PATTERN.test('BID012345678')).toBe(false);
    expect(BID_SEARCH_PATTERN.test('XBID0123456789')).toBe(false);
    expect(ZBid.safeParse('bid0123456789').success).toBe(false);
  });

  it('validates PIN and phone formats', () => {
    expect(PIN_PATTERN.test('1234')).toBe(true);
    expect(PIN_PATTERN.test('12345')).toBe(false);
    expect(PHONE_PATTERN.test('+4790000000')).toBe(true);
    expect(PHONE_PATTERN.test('+12345')).toBe(false);
    expect(PHONE_PATTERN.test('+1234567890123456789012')).toBe(false);
    expect(PHONE_PATTERN.test('004790000000')).toBe(false);
  });

  it('validates Swedish and Norwegian identity numbers', () => {
    expect(SWEDISH_IDENTITY_PATTERN.test('19850312-1234')).toBe(true);
    expect(SWEDISH_IDENTITY_PATTERN.test('198503121234')).toBe(true);
    expect(SWEDISH_IDENTITY_PATTERN.test('19851312-1234')).toBe(false);
    expect(NORWEGIAN_IDENTITY_PATTERN.test('01028512345')).toBe(true);
    expect(NORWEGIAN_IDENTITY_PATTERN.test('32028512345')).toBe(false);
    expect(NORWEGIAN_IDENTITY_PATTERN.test('0102851234')).toBe(false);
  });
});

describe('battery colours (§9)', () => {
  it('is green above 50, yellow above 30, red otherwise, grey unknown and blue while charging', () => {
    expect(batteryColour(95)).toBe('green');
    expect(batteryColour(51)).toBe('green');
    expect(batteryColour(50)).toBe('yellow');
    expect(batteryColour(31)).toBe('yellow');
    expect(batteryColour(30)).toBe('red');
    expect(batteryColour(null)).toBe('grey');
    expect(batteryColour(10, true)).toBe('blue');
  });
});

describe('enumerations', () => {
  it('maps every event type to a group', () => {
    for (const type of ZEventType.options) expect(EVENT_TYPE_GROUP[type]).toBeTruthy();
  });
  it('treats bikes, cargo bikes and scooters as light', () => {
    expect(isLightVehicleCategory('BIKE')).toBe(true);
    expect(isLightVehicleCategory('CARGO_BIKE')).toBe(true);
    expect(isLightVehicleCategory('SCOOTER')).toBe(true);
    expect(isLightVehicleCategory('CAR')).toBe(false);
  });
  it('offers fee reasons without CREDITING', () => {
    expect(FEE_REASONS).not.toContain('CREDITING');
    expect(FEE_REASONS).toContain('TOLL_FEE');
  });
});

describe('messages', () => {
  it('fills placeholders', () => {
    expect(formatMessage('maxCharacters', { max: 80, len: 81 })).toBe('Maximum characters 80 (81/80)');
    expect(MESSAGES.wrongCredentials).toBe('User name or password incorrect.');
  });
});

describe('schemas', () => {
  it('parses the error envelope', () => {
    expect(ZErrorEnvelope.safeParse({ httpCode: 400, messageId: 'x', message: 'y', errors: [{ field: 'a', message: 'b' }] }).success).toBe(true);
    expect(ZErrorEnvelope.safeParse({ httpCode: 400, message: 'y' }).success).toBe(false);
  });
  it('needs vin, bid or user in an event search and drops empty values', () => {
    expect(ZEventSearchQuery.safeParse({}).success).toBe(false);
    const q = ZEventSearchQuery.parse({ bid: 'BID0000000001', vin: '', groups: '', startDate: '' });
    expect(q.vin).toBeUndefined();
    expect(q.groups).toBeUndefined();
    expect(q.pageSize).toBe(50);
    expect(ZEventSearchQuery.parse({ user: 'kari', groups: ['BOOKING', 'PAYMENT'] }).groups).toEqual(['BOOKING', 'PAYMENT']);
    expect(ZEventSearchQuery.parse({ user: 'kari', groups: 'BOOKING,PAYMENT' }).groups).toEqual(['BOOKING', 'PAYMENT']);
  });
  it('checks order id prefixes of payments', () => {
    const shape = ZPayment.shape.orderId;
    expect(shape.safeParse('BOK123').success).toBe(true);
    expect(shape.safeParse('EVE9').success).toBe(true);
    expect(shape.safeParse('XYZ1').success).toBe(false);
  });
});
