import { Suspense, lazy, type ComponentProps } from 'react';
import type { DamageReportForm as DamageReportFormComponent } from './damage-report-form';
import type { VehicleConfirmDialog as ConfirmDialogComponent, VehicleTextDialog as TextDialogComponent } from './vehicle-dialogs';
import { loadCardStrings } from './card-strings';

/**
 * The vehicle's dialogs and damage form, with react-hook-form behind them, download when one first shows (a dialog
 * opens, the details of a card expand), not with every vehicle card of a search. Each waits in its own Suspense
 * boundary, so the card around it stays on screen meanwhile.
 */
const TextDialog = lazy(() => loadCardStrings(() => import('./vehicle-dialogs')).then((module) => ({ default: module.VehicleTextDialog })));
const ConfirmDialog = lazy(() => loadCardStrings(() => import('./vehicle-dialogs')).then((module) => ({ default: module.VehicleConfirmDialog })));
const ReportForm = lazy(() => loadCardStrings(() => import('./damage-report-form')).then((module) => ({ default: module.DamageReportForm })));

export function VehicleTextDialog(props: ComponentProps<typeof TextDialogComponent>) {
  return (
    <Suspense fallback={null}>
      <TextDialog {...props} />
    </Suspense>
  );
}

export function VehicleConfirmDialog(props: ComponentProps<typeof ConfirmDialogComponent>) {
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}

export function DamageReportForm(props: ComponentProps<typeof DamageReportFormComponent>) {
  return (
    <Suspense fallback={null}>
      <ReportForm {...props} />
    </Suspense>
  );
}
