import { createFileRoute, redirect } from '@tanstack/react-router';

/** Booking-id and vehicle links: /support/search/{query} → /support?search={query} (spec §2). */
export const Route = createFileRoute('/_authenticated/support/search/$query')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/support', search: { search: params.query }, replace: true });
  },
});
