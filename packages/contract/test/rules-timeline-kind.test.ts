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

describe('customerTimelineKindOf for the workspace and account events', () => {
  it('puts notes and contacts on the timeline whatever the event type that recorded them', () => {
    expect(customerTimelineKindOf('BOOKING_EVENT', 'notePinnedAdded')).toBe('note');
    expect(customerTimelineKindOf('USER_ACTION', 'noteDeleted')).toBe('note');
    expect(customerTimelineKindOf('USER_ACTION', 'contactLogged')).toBe('contact');
    expect(customerTimelineKindOf('USER_ACTION', 'contactResolved')).toBe('contact');
  });
  it('counts registration and membership as status, a resent confirmation as a mail, and needs USER_ACTION for status', () => {
    expect(customerTimelineKindOf('USER_ACTION', 'userRegistered')).toBe('status');
    expect(customerTimelineKindOf('USER_ACTION', 'membershipNotConfirmed')).toBe('status');
    expect(customerTimelineKindOf('USER_ACTION', 'confirmationResent')).toBe('mail');
    expect(customerTimelineKindOf('STAFF_ACTION' as never, 'userBlocked')).toBeNull();
    expect(customerTimelineKindOf('USER_ACTION', 'userUpdated')).toBeNull();
    expect(customerTimelineKindOf('USER_ACTION', undefined)).toBeNull();
  });
});
