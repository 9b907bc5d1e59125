import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { CompanyDetailPage, NoCompanySelected, validateCompanySearch, type CompanySearch } from '@/features/companies';

/** /companies/{id}: the selected company; the tab, edit mode and the users tab's filter, sort and page are in the URL. */
export const Route = createFileRoute('/_authenticated/companies/$id')({
  validateSearch: validateCompanySearch,
  component: CompanyRoute,
});

function CompanyRoute() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate();
  if (!/^\d+$/.test(id)) return <NoCompanySelected />;
  const onSearchChange = (next: CompanySearch, options?: { replace?: boolean }) =>
    void navigate({ to: '/companies/$id', params: { id }, search: next, replace: options?.replace });
  return <CompanyDetailPage key={id} id={Number(id)} search={search} onSearchChange={onSearchChange} />;
}
