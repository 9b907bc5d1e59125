import { AppHrefLink } from '@/components/app-href-link';

/** The booking's Payment tab (/booking/{bid}/payment). */
export const bookingPaymentHref = (bid: string) => `/booking/${encodeURIComponent(bid)}/payment`;
/** The user page (/users/{username}). */
export const userHref = (username: string) => `/users/${encodeURIComponent(username)}`;

export function BookingPaymentLink({ bid }: { bid: string }) {
  return (
    <AppHrefLink href={bookingPaymentHref(bid)} onClick={(event) => event.stopPropagation()} underline="hover">
      {bid}
    </AppHrefLink>
  );
}

export function UserLink({ username, label }: { username: string; label?: string | null }) {
  return (
    <AppHrefLink href={userHref(username)} onClick={(event) => event.stopPropagation()} underline="hover">
      {label ?? username}
    </AppHrefLink>
  );
}
