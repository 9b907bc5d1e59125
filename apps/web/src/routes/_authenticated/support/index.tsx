import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { optionalString } from '@/lib/router/search-params';

/** The query parameters of /support (spec §2), kept in the URL so links and reloads restore the search. */
export interface SupportSearch {
  search?: string;
  mobilePhone?: string;
  user?: string;
}

export const Route = createFileRoute('/_authenticated/support/')({
  validateSearch: (search: Record<string, unknown>): SupportSearch => ({
    search: optionalString(search.search),
    mobilePhone: optionalString(search.mobilePhone),
    user: optionalString(search.user),
  }),
  component: () => <ComingSoonPage screen="support" />,
});
