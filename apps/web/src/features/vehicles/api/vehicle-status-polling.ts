/**
 * Polls GET /api/vehicles/statusFor for the VINs on screen every 30 s (§7, §9) and keeps each vehicle's
 * status fresh for the cards. Placeholder signature until the vehicle card lands (issue 3, same session).
 */
export function useVehicleStatusPolling(_vins: readonly string[]): void {}
