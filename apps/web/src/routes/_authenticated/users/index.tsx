import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/coming-soon-page';

export const Route = createFileRoute('/_authenticated/users/')({
  component: () => <ComingSoonPage screen="users" />,
});
