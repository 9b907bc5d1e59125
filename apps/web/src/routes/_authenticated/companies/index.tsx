import { createFileRoute } from '@tanstack/react-router';
import { NoCompanySelected } from '@/features/companies';

export const Route = createFileRoute('/_authenticated/companies/')({
  component: NoCompanySelected,
});
