import { Suspense, lazy, type ComponentProps } from 'react';
import type { OutOfServiceDialog as OutOfServiceDialogComponent } from './out-of-service-dialog';
import type { BackInServiceDialog as BackInServiceDialogComponent } from './back-in-service-dialog';
import { loadCardStrings } from './card-strings';

/**
 * The out-of-service and back-in-service dialogs (issue 19 point 5), with the date-time picker and the plan's schemas
 * behind them, download when one opens, not with the vehicle card (/support's first load).
 */
const OutOfService = lazy(() => loadCardStrings(() => import('./out-of-service-dialog')).then((module) => ({ default: module.OutOfServiceDialog })));
const BackInService = lazy(() =>
  loadCardStrings(() => import('./back-in-service-dialog')).then((module) => ({ default: module.BackInServiceDialog })),
);

export function OutOfServiceDialog(props: ComponentProps<typeof OutOfServiceDialogComponent>) {
  return (
    <Suspense fallback={null}>
      <OutOfService {...props} />
    </Suspense>
  );
}

export function BackInServiceDialog(props: ComponentProps<typeof BackInServiceDialogComponent>) {
  return (
    <Suspense fallback={null}>
      <BackInService {...props} />
    </Suspense>
  );
}
