import { createFileRoute, Outlet, useNavigate, useParams } from '@tanstack/react-router';
import { CompaniesLayout } from '@/features/companies';
import { loadTranslations } from '@/lib/i18n/i18n';

/**
 * /companies and /companies/{id} (§2): the company tree stays mounted (with its filter and open nodes) while the
 * selection, in the URL, changes.
 */
export const Route = createFileRoute('/_authenticated/companies')({
  // The screen's strings (every section: its parts compose several features), before it shows.
  loader: () => loadTranslations('features'),
  component: CompaniesRoute,
});

function CompaniesRoute() {
  const { id } = useParams({ strict: false });
  const navigate = useNavigate();
  const selectedId = id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
  return (
    <CompaniesLayout selectedId={selectedId} onSelect={(next) => void navigate({ to: '/companies/$id', params: { id: String(next) } })}>
      <Outlet />
    </CompaniesLayout>
  );
}
