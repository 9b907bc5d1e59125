import { describe, expect, it } from 'vitest';
import { customerTimelineKindOf } from '../src/index.ts';

describe('customerTimelineKindOf', () => {
  it('maps event types and text ids to timeline kinds', () => {
    expect(customerTimelineKindOf('BOOKING_EVENT', 'bookingCreated')).toBe('booking');
    expect(customerTimelineKindOf('REMOTE_COMMAND', 'anything')).toBe('command');
    expect(customerTimelineKindOf('PAYMENT_ACTION', 'anything')).toBe('payment');
    expect(customerTimelineKindOf('PAYMENT_ACTION', 'receiptSent')).toBe('mail');
    expect(customerTimelineKindOf('USER_ACTION', 'userBlocked')).toBe('status');
    expect(customerTimelineKindOf('USER_ACTION', 'licenceCheck')).toBe('identity');
    expect(customerTimelineKindOf('USER_ACTION', 'passwordResetMailSent')).toBe('mail');
  });
  it('leaves out events that are not about the customer', () => {
    expect(customerTimelineKindOf('HEARTBEAT', undefined)).toBeNull();
    expect(customerTimelineKindOf('VEHICLE_STATUS', 'x')).toBeNull();
    expect(customerTimelineKindOf('USER_ACTION', 'userRenamed')).toBeNull();
  });
});
