import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/` opens the combined search (spec §2). */
export const Route = createFileRoute('/_authenticated/')({
  beforeLoad: () => {
    throw redirect({ to: '/support', replace: true });
  },
});
