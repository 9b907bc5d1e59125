import { MESSAGE_IDS, type Booking, type ErrorEnvelope, type ErrorItem } from '@fleetdesk/contract';
import { isApiError } from '@/lib/api/api-error';

/**
 * The booking creation dialog of spec §4, as a pure state machine:
 *
 *   confirm ──submit──▶ (created) ──needs authorisation──▶ waiting ──poll──▶ complete | failure
 *      │                    └──otherwise: the form navigates to the new booking      └──180 s──▶ timeout
 *      ├──400, every error overridable──▶ override (needs the Override tick) ──submit with ignoreRules──▶ …
 *      ├──400 with other errors──▶ the dialog closes and the form shows the errors
 *      └──other failures──▶ confirm with the message ('Failed to create booking' when there is none)
 *
 *   timeout ──cancel──▶ (closed) │ ──convert to invoice──▶ converted │ ──close──▶ (closed)
 */
export type CreateDialogState =
  | { step: 'confirm'; error: string | null }
  | { step: 'override'; errors: ErrorItem[]; ticked: boolean; error: string | null }
  | { step: 'waiting'; booking: Booking }
  | { step: 'timeout'; booking: Booking }
  | { step: 'complete'; booking: Booking }
  | { step: 'failure'; booking: Booking }
  | { step: 'converted'; booking: Booking };

export type CreateDialogEvent =
  | { type: 'RESET' }
  | { type: 'FAILED'; message: string }
  | { type: 'OVERRIDABLE'; errors: ErrorItem[] }
  | { type: 'TOGGLE_OVERRIDE'; ticked: boolean }
  | { type: 'NEEDS_AUTHORISATION'; booking: Booking }
  | { type: 'POLLED'; booking: Booking }
  | { type: 'TIMED_OUT' }
  | { type: 'CONVERTED' };

export const initialCreateDialogState: CreateDialogState = { step: 'confirm', error: null };

/** A created booking waits for the customer's card authorisation (3-D Secure). */
export const needsAuthorisation = (booking: Booking): boolean =>
  booking.state !== 'CANCELLED' && (booking.displayState === 'REQUIRES_AUTH' || booking.paymentsRequiringAuthorization.length > 0);

/** Where a polled booking stands: cancelled (failure), nothing left to authorise (complete), or still waiting. */
export function authorisationOutcome(booking: Booking): 'failure' | 'complete' | 'waiting' {
  if (booking.state === 'CANCELLED') return 'failure';
  if (booking.paymentsRequiringAuthorization.length === 0 && booking.displayState !== 'REQUIRES_AUTH') return 'complete';
  return 'waiting';
}

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
    case 'NEEDS_AUTHORISATION':
      return { step: 'waiting', booking: event.booking };
    case 'POLLED': {
      if (state.step !== 'waiting' && state.step !== 'timeout') return state;
      const outcome = authorisationOutcome(event.booking);
      return outcome === 'waiting' ? { ...state, booking: event.booking } : { step: outcome, booking: event.booking };
    }
    case 'TIMED_OUT':
      return state.step === 'waiting' ? { step: 'timeout', booking: state.booking } : state;
    case 'CONVERTED':
      return state.step === 'timeout' || state.step === 'waiting' ? { step: 'converted', booking: state.booking } : state;
  }
}

/** How a failed POST /api/bookings is shown (§8 Booking, creation). */
export type CreateFailure =
  | { kind: 'override'; errors: ErrorItem[] }
  | { kind: 'close'; envelope: ErrorEnvelope }
  | { kind: 'message'; message: string | null };

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
