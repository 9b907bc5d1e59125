import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_IDS, PAYMENT_EXCEPTION_PREFIX, type ErrorEnvelope } from '@fleetdesk/contract';

const { showSnackbar } = vi.hoisted(() => ({ showSnackbar: vi.fn() }));
vi.mock('@/lib/notifications/snackbars', () => ({ showSnackbar }));

import { ApiError } from '@/lib/api/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { envelopeToNotifications, errorToNotifications } from '@/lib/notifications/error-notifications';
import { notify, notifyError } from '@/lib/notifications/notify';

const envelope = (messageId: string, message: string, errors: ErrorEnvelope['errors'] = []): ErrorEnvelope => ({
  httpCode: 400,
  messageId,
  message,
  errors,
});

beforeEach(async () => {
  showSnackbar.mockClear();
  await i18n.changeLanguage('en-GB');
});

describe('envelopeToNotifications (spec §8)', () => {
  it("lists each error's message for 'core.validation.validation.error.exist', persisting until dismissed", () => {
    const result = envelopeToNotifications(
      envelope(MESSAGE_IDS.validationList, 'Validation failed', [
        { message: 'The booking overlaps another booking' },
        { message: 'The pool is closed', field: 'fromLocation' },
      ]),
      i18n.t,
    );
    expect(result).toEqual([
      { variant: 'error', message: 'The booking overlaps another booking', persist: true },
      { variant: 'error', message: 'The pool is closed', persist: true },
    ]);
  });

  it("shows each field with its message for 'errorId.apigw.invalid.input'", () => {
    const result = envelopeToNotifications(
      envelope(MESSAGE_IDS.invalidInput, 'Invalid input', [
        { field: 'mobilePhone', message: 'Invalid phone number' },
        { field: 'emailAddress', message: 'Invalid email address' },
        { message: 'Body is not JSON' },
      ]),
      i18n.t,
    );
    expect(result.map((n) => n.message)).toEqual(['mobilePhone: Invalid phone number', 'emailAddress: Invalid email address', 'Body is not JSON']);
    expect(result.every((n) => n.variant === 'error' && n.persist)).toBe(true);
  });

  it('translates a payment exception by the suffix of its id', async () => {
    await i18n.changeLanguage('sv');
    const result = envelopeToNotifications(envelope(`${PAYMENT_EXCEPTION_PREFIX}insufficient_funds`, 'Card declined: insufficient funds'), i18n.t);
    expect(result).toEqual([{ variant: 'error', message: 'Kortet saknar täckning.', persist: true }]);
  });

  it('falls back to the general payment error for an unknown payment code', () => {
    const result = envelopeToNotifications(envelope(`${PAYMENT_EXCEPTION_PREFIX}something_new`, 'Raw provider text'), i18n.t);
    expect(result).toEqual([{ variant: 'error', message: 'The payment could not be completed', persist: true }]);
  });

  it("uses the envelope's message otherwise", () => {
    const result = envelopeToNotifications(envelope(MESSAGE_IDS.bookingNotFound, 'Booking not found.', [{ message: 'ignored' }]), i18n.t);
    expect(result).toEqual([{ variant: 'error', message: 'Booking not found.', persist: true }]);
  });

  it("tells a refusal's reason in the staff member's language when the envelope's message is that reason", async () => {
    await i18n.changeLanguage('sv');
    const text = 'The booking has changed since the extension, so it can no longer be undone';
    const refusal = envelope(MESSAGE_IDS.conflict, text, [{ messageId: 'extensionUndoChanged', message: text }]);
    expect(envelopeToNotifications(refusal, i18n.t)).toEqual([
      { variant: 'error', message: 'Bokningen har ändrats efter förlängningen, så den kan inte längre ångras', persist: true },
    ]);
    // A reason the web does not know, or an envelope whose message is not that reason, keeps the message.
    expect(envelopeToNotifications(envelope(MESSAGE_IDS.conflict, 'Changed', [{ messageId: 'noSuchKey', message: 'Changed' }]), i18n.t)).toEqual([
      { variant: 'error', message: 'Changed', persist: true },
    ]);
    expect(envelopeToNotifications(envelope(MESSAGE_IDS.conflict, 'Other', [{ messageId: 'extensionUndoChanged', message: text }]), i18n.t)).toEqual([
      { variant: 'error', message: 'Other', persist: true },
    ]);
  });

  it("uses the envelope's message when a list id comes without errors", () => {
    const result = envelopeToNotifications(envelope(MESSAGE_IDS.validationList, 'The request is not valid'), i18n.t);
    expect(result).toEqual([{ variant: 'error', message: 'The request is not valid', persist: true }]);
  });
});

describe('errorToNotifications', () => {
  it('maps an ApiError through its envelope', () => {
    const error = new ApiError(400, envelope(MESSAGE_IDS.invalidInput, 'x', [{ field: 'pinCode', message: 'Invalid pin code' }]));
    expect(errorToNotifications(error, i18n.t)).toEqual([{ variant: 'error', message: 'pinCode: Invalid pin code', persist: true }]);
  });

  it("shows an unexpected exception as a generic error with 'status 500'", async () => {
    expect(errorToNotifications(new TypeError('x is undefined'), i18n.t)).toEqual([
      { variant: 'error', message: 'An unexpected error occurred (status 500)' },
    ]);
    await i18n.changeLanguage('de');
    expect(errorToNotifications('boom', i18n.t)[0]?.message).toBe('Ein unerwarteter Fehler ist aufgetreten (Status 500)');
  });
});

describe('notify timings (spec §8)', () => {
  it('hides success and info after 3 s and warnings after 10 s', () => {
    notify({ variant: 'success', message: 'Booking activated' });
    notify({ variant: 'info', message: 'No such booking id' });
    notify({ variant: 'warning', message: 'The receipt could not be sent' });
    expect(showSnackbar.mock.calls).toEqual([
      ['Booking activated', { variant: 'success', persist: false, autoHideDuration: 3000 }],
      ['No such booking id', { variant: 'info', persist: false, autoHideDuration: 3000 }],
      ['The receipt could not be sent', { variant: 'warning', persist: false, autoHideDuration: 10_000 }],
    ]);
  });

  it('keeps errors of a server error list until dismissed', async () => {
    notifyError(new ApiError(400, envelope(MESSAGE_IDS.validationList, 'x', [{ message: 'First' }, { message: 'Second' }])));
    // The wording of errors loads with the first error (issue 15): the toasts follow a moment later.
    await vi.waitFor(() =>
      expect(showSnackbar.mock.calls).toEqual([
        ['First', { variant: 'error', persist: true, autoHideDuration: null }],
        ['Second', { variant: 'error', persist: true, autoHideDuration: null }],
      ]),
    );
  });
});
