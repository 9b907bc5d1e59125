import { createFileRoute } from '@tanstack/react-router';
import { VehiclePage, vehicleQueryOptions } from '@/features/vehicles';
import { loadTranslations } from '@/lib/i18n/i18n';

/** /vehicles/{vin}: the vehicle page (spec §2 Vehicle page and card), linked from bookings and search results. */
export const Route = createFileRoute('/_authenticated/vehicles/$vin')({
  loader: ({ context, params }) => {
    // Starts the request while the route's code loads; the page shows its own loading, error and 404 states.
    void context.queryClient.prefetchQuery(vehicleQueryOptions(params.vin));
    // The screen's strings (every section: its parts compose several features), before it shows.
    return loadTranslations('features');
  },
  component: VehicleRoute,
});

function VehicleRoute() {
  const { vin } = Route.useParams();
  return <VehiclePage vin={vin} />;
}
