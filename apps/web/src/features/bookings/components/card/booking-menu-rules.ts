import { ZBookingDisplayState, type Booking, type BookingDisplayState, type BookingState } from '@fleetdesk/contract';

/** Every entry the booking card's actions menu can show. */
export type BookingMenuKey =
  | 'checkout'
  | 'mailReceipt'
  | 'adjustValues'
  | 'activate'
  | 'deactivate'
  | 'requestPin'
  | 'cancel'
  | 'forceEnd'
  | 'replaceWithTaxi'
  | 'replaceWithRideshare'
  | 'edit'
  | 'extend'
  | 'lockForUser'
  | 'unlockForUser'
  | 'reportTechnicalIssue'
  | 'credit'
  | 'addFee'
  | 'fixedPrice';

export interface BookingMenuItem {
  key: BookingMenuKey;
  enabled: boolean;
  /** Starts a new group (a divider above it). */
  group: number;
}

type MenuFacts = Pick<
  Booking,
  | 'state'
  | 'actions'
  | 'checkoutRequired'
  | 'allocateOnActivation'
  | 'rideShare'
  | 'bookedInterval'
  | 'lockedForUser'
  | 'technicalIssueReported'
  | 'payment'
>;

export const isHistoric = (state: BookingState): boolean => state === 'CANCELLED' || state === 'FINISHED';

/** §4: only bookings that are not cancelled or finished may be edited. */
export const isEditable = (state: BookingState): boolean => !isHistoric(state);

/**
 * The booking menu of spec §4, from the booking's `actions` list and state at `now` (epoch ms).
 * - CANCELLED or FINISHED: checkout (only if checkoutRequired), mail receipt, adjust historic values (FINISHED only).
 * - Otherwise: activate, deactivate and cancel by the matching entries of `actions` (a request-PIN entry replaces
 *   activate and deactivate for bookings allocated on activation); force end when activate, deactivate or
 *   unchecked deactivate is allowed or the start is in the past; taxi only with REPLACE_WITH_TAXI; ride share only
 *   when rideShare is ENABLED; edit; extend; lock or unlock changes by the customer.
 * - Always (§4 other actions): credit (only when the payment's totalPrice is above 0, §5), add fee, fixed price (not
 *   on finished or cancelled bookings), and report a technical issue, once per booking.
 */
export function bookingMenuItems(booking: MenuFacts, now: number): BookingMenuItem[] {
  const allowed = (action: Booking['actions'][number]) => booking.actions.includes(action);
  const billing: BookingMenuItem[] = [
    { key: 'credit', enabled: Boolean(booking.payment && booking.payment.totalPrice > 0), group: 3 },
    { key: 'addFee', enabled: true, group: 3 },
  ];
  const technicalIssue: BookingMenuItem = { key: 'reportTechnicalIssue', enabled: !booking.technicalIssueReported, group: 3 };

  if (isHistoric(booking.state)) {
    const items: BookingMenuItem[] = [
      { key: 'checkout', enabled: booking.checkoutRequired, group: 1 },
      { key: 'mailReceipt', enabled: true, group: 1 },
    ];
    if (booking.state === 'FINISHED') items.push({ key: 'adjustValues', enabled: true, group: 1 });
    return [...items, ...billing, technicalIssue];
  }

  const canActivate = allowed('ACTIVATE');
  const canDeactivate = allowed('DEACTIVATE') || allowed('DEACTIVATE_UNCHECKED');
  const started = Date.parse(booking.bookedInterval.start) < now;
  const transitions: BookingMenuItem[] = booking.allocateOnActivation
    ? [{ key: 'requestPin', enabled: booking.state === 'INACTIVE', group: 1 }]
    : [
        { key: 'activate', enabled: canActivate, group: 1 },
        { key: 'deactivate', enabled: canDeactivate, group: 1 },
      ];

  return [
    ...transitions,
    { key: 'cancel', enabled: allowed('CANCEL'), group: 1 },
    { key: 'forceEnd', enabled: canActivate || canDeactivate || started, group: 1 },
    { key: 'replaceWithTaxi', enabled: allowed('REPLACE_WITH_TAXI'), group: 1 },
    { key: 'replaceWithRideshare', enabled: booking.rideShare === 'ENABLED', group: 1 },
    { key: 'edit', enabled: true, group: 2 },
    { key: 'extend', enabled: true, group: 2 },
    { key: booking.lockedForUser ? 'unlockForUser' : 'lockForUser', enabled: true, group: 2 },
    ...billing,
    { key: 'fixedPrice', enabled: true, group: 3 },
    technicalIssue,
  ];
}

/** Deactivation is checked (the vehicle must be back) when DEACTIVATE is allowed, otherwise unchecked. */
export const deactivatesUnchecked = (booking: Pick<Booking, 'actions'>): boolean => !booking.actions.includes('DEACTIVATE');

/**
 * The state shown on the card (§4): the server's display state, else derived the same way: ARCHIVED without a
 * user, REQUIRES_AUTH while payments wait, READY when an INACTIVE booking can be activated.
 */
export function displayStateOf(
  booking: Pick<Booking, 'displayState' | 'state' | 'user' | 'actions' | 'paymentsRequiringAuthorization'>,
): BookingDisplayState {
  const fromServer = ZBookingDisplayState.safeParse(booking.displayState);
  if (fromServer.success) return fromServer.data;
  if (!booking.user) return 'ARCHIVED';
  if (!isHistoric(booking.state) && booking.paymentsRequiringAuthorization.length > 0) return 'REQUIRES_AUTH';
  if (booking.state === 'INACTIVE' && booking.actions.includes('ACTIVATE')) return 'READY';
  return booking.state;
}
