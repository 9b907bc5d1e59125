import { MESSAGE_IDS, type Booking, type CardErrorCode, type ErrorEnvelope, type ErrorItem } from '@fleetdesk/contract';
import { isApiError } from '@/lib/api/api-error';

/**
 * The booking creation dialog of spec §4, as a pure state machine:
 *
 *   confirm ──submit──▶ (created) ──needs authorisation──▶ waiting ──poll──▶ complete | failure
 *      │                    ├──the card reservation failed──▶ failure (RESERVATION_FAILED)   └──180 s──▶ timeout
 *      │                    └──otherwise: the form navigates to the new booking
 *      ├──400, every error overridable──▶ override (needs the Override tick) ──submit with ignoreRules──▶ …
 *      ├──400 with other errors──▶ the dialog closes and the form shows the errors
 *      └──other failures──▶ confirm with the message ('Failed to create booking' when there is none)
 *
 *   waiting | timeout | failure ──cancel (confirmed, with a reason)──▶ (closed)
 *                               ──convert to invoice (confirmed)──▶ converted
 *   timeout ──close──▶ the booking's card
 *
 * Cancel and convert are offered from the first second of waiting (issue 17), as the booking's and its payment's
 * abilities allow. A refused action keeps the dialog open with the server's error (until dismissed) and the booking as
 * read again afterwards (REFRESHED), so the dialog moves to whatever the booking now is.
 */

/** Why the authorisation failed: the customer abandoned it, the card was refused, or the booking was cancelled. */
export type AuthorisationFailure =
  | { reason: 'ABANDONED'; orderId: string | null }
  | { reason: 'RESERVATION_FAILED'; orderId: string | null; code: CardErrorCode | null }
  | { reason: 'CANCELLED' };

/** The two deliberate actions on a created booking, while its confirmation is asked. */
export type CreatedBookingAction = 'cancel' | 'convert';

interface AfterCreation {
  booking: Booking;
  /** The action whose confirmation is open, if any. */
  asking: CreatedBookingAction | null;
  /** A refused action's message; it stays until dismissed (§8). */
  error: string | null;
}

export type CreateDialogState =
  | { step: 'confirm'; error: string | null }
  | { step: 'override'; errors: ErrorItem[]; ticked: boolean; error: string | null }
  | ({ step: 'waiting' } & AfterCreation)
  | ({ step: 'timeout' } & AfterCreation)
  | ({ step: 'failure'; failure: AuthorisationFailure } & AfterCreation)
  | { step: 'complete'; booking: Booking }
  | { step: 'converted'; booking: Booking };

export type CreateDialogEvent =
  | { type: 'RESET' }
  | { type: 'FAILED'; message: string }
  | { type: 'OVERRIDABLE'; errors: ErrorItem[] }
  | { type: 'TOGGLE_OVERRIDE'; ticked: boolean }
  | { type: 'CREATED'; booking: Booking }
  | { type: 'POLLED'; booking: Booking }
  | { type: 'TIMED_OUT' }
  | { type: 'ASK'; action: CreatedBookingAction }
  | { type: 'UNASK' }
  | { type: 'ACTION_FAILED'; message: string }
  | { type: 'DISMISS_ERROR' }
  | { type: 'CONVERTED' };

export const initialCreateDialogState: CreateDialogState = { step: 'confirm', error: null };

/** A created booking waits for the customer's card authorisation (3-D Secure). */
export const needsAuthorisation = (booking: Booking): boolean =>
  booking.state !== 'CANCELLED' && (booking.displayState === 'REQUIRES_AUTH' || booking.paymentsRequiringAuthorization.length > 0);

/** Why a booking's authorisation failed, or null when it has not (yet). */
export function authorisationFailure(booking: Booking): AuthorisationFailure | null {
  if (booking.state === 'CANCELLED') return { reason: 'CANCELLED' };
  const payment = booking.payment ?? null;
  if (payment?.type !== 'CREDITCARD') return null;
  if (payment.status === 'ABANDONED') return { reason: 'ABANDONED', orderId: payment.orderId };
  if (payment.status === 'RESERVATION_FAILED') return { reason: 'RESERVATION_FAILED', orderId: payment.orderId, code: payment.failureCode ?? null };
  return null;
}

/**
 * Where a polled booking stands (§4, read with issue 17): cancelled, or its card payment abandoned or refused, is a
 * failure; nothing left to authorise is complete; anything else is still waiting.
 */
export function authorisationOutcome(booking: Booking): { outcome: 'failure'; failure: AuthorisationFailure } | { outcome: 'complete' | 'waiting' } {
  const failure = authorisationFailure(booking);
  if (failure) return { outcome: 'failure', failure };
  if (booking.paymentsRequiringAuthorization.length === 0 && booking.displayState !== 'REQUIRES_AUTH') return { outcome: 'complete' };
  return { outcome: 'waiting' };
}

const fresh = (booking: Booking): AfterCreation => ({ booking, asking: null, error: null });

/** The step a created or re-read booking puts the dialog in; `timedOut` keeps a waiting booking in the timeout step. */
function stepFor(booking: Booking, timedOut: boolean, keep: Partial<AfterCreation> = {}): CreateDialogState {
  const result = authorisationOutcome(booking);
  if (result.outcome === 'failure') return { step: 'failure', failure: result.failure, ...fresh(booking), ...keep };
  if (result.outcome === 'complete') return { step: 'complete', booking };
  return { step: timedOut ? 'timeout' : 'waiting', ...fresh(booking), ...keep };
}

const afterCreation = (state: CreateDialogState): state is Extract<CreateDialogState, AfterCreation> =>
  state.step === 'waiting' || state.step === 'timeout' || state.step === 'failure';

export function createDialogReducer(state: CreateDialogState, event: CreateDialogEvent): CreateDialogState {
  switch (event.type) {
    case 'RESET':
      return initialCreateDialogState;
    case 'FAILED':
      return state.step === 'override' ? { ...state, error: event.message } : { step: 'confirm', error: event.message };
    case 'OVERRIDABLE':
      return { step: 'override', errors: event.errors, ticked: false, error: null };
    case 'TOGGLE_OVERRIDE':
      return state.step === 'override' ? { ...state, ticked: event.ticked } : state;
    case 'CREATED':
      return stepFor(event.booking, false);
    case 'POLLED': {
      if (!afterCreation(state)) return state;
      // A failure stays a failure unless the booking really changed (e.g. a colleague converted it meanwhile).
      const next = stepFor(event.booking, state.step === 'timeout', { error: state.error });
      if (next.step === 'waiting' || next.step === 'timeout' || next.step === 'failure') {
        return next.step === state.step ? { ...next, asking: state.asking } : next;
      }
      return next;
    }
    case 'TIMED_OUT':
      return state.step === 'waiting' ? { ...state, step: 'timeout' } : state;
    case 'ASK':
      return afterCreation(state) ? { ...state, asking: event.action } : state;
    case 'UNASK':
      return afterCreation(state) ? { ...state, asking: null } : state;
    case 'ACTION_FAILED':
      return afterCreation(state) ? { ...state, asking: null, error: event.message } : state;
    case 'DISMISS_ERROR':
      return afterCreation(state) ? { ...state, error: null } : state;
    case 'CONVERTED':
      // The conversion's own event can refresh the booking before the conversion answers: with nothing left to
      // authorise it then read as complete. The answer says what happened.
      return afterCreation(state) || state.step === 'complete' ? { step: 'converted', booking: state.booking } : state;
  }
}

/** How a failed POST /api/bookings is shown (§8 Booking, creation). */
export type CreateFailure =
  { kind: 'override'; errors: ErrorItem[] } | { kind: 'close'; envelope: ErrorEnvelope } | { kind: 'message'; message: string | null };

export function classifyCreateFailure(error: unknown): CreateFailure {
  if (!isApiError(error) || error.status < 400) return { kind: 'message', message: null };
  const { envelope } = error;
  const listed = envelope.errors.length > 0 && (envelope.messageId === MESSAGE_IDS.validationList || envelope.messageId === MESSAGE_IDS.invalidInput);
  if (listed && envelope.messageId === MESSAGE_IDS.validationList && envelope.errors.every((item) => item.overridable === true)) {
    return { kind: 'override', errors: envelope.errors };
  }
  if (listed) return { kind: 'close', envelope };
  return { kind: 'message', message: envelope.message || null };
}
