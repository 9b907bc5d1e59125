import { createFileRoute } from '@tanstack/react-router';
import { VehiclePage, vehicleQueryOptions } from '@/features/vehicles';

/** /vehicles/{vin}: the vehicle page (spec §2 Vehicle page and card), linked from bookings and search results. */
export const Route = createFileRoute('/_authenticated/vehicles/$vin')({
  loader: ({ context, params }) => {
    // Starts the request while the route's code loads; the page shows its own loading, error and 404 states.
    void context.queryClient.prefetchQuery(vehicleQueryOptions(params.vin));
  },
  component: VehicleRoute,
});

function VehicleRoute() {
  const { vin } = Route.useParams();
  return <VehiclePage vin={vin} />;
}
