import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppShell } from '@/app/layout/app-shell';
import type { RouterContext } from '@/app/router-context';
import { NotFoundPage } from '@/components/not-found-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: NotFoundPage,
});
