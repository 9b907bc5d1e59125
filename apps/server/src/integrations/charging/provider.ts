/**
 * The charging-provider integration (§4 Charging-provider PIN, §7 activation data): a booking's customer gets a
 * PIN for a charging terminal at the pickup pool. The console only asks for activation data; the provider
 * decides the PIN, the terminal and how long they are valid.
 */

/** What a provider needs to know about the booking. */
export interface ChargingBooking {
  bid: string;
  startTime: Date;
  endTime: Date;
  pool: { id: number; name: string; wattWorldStationName: string | null };
}

export interface ChargingActivationData {
  /** Four digits. */
  pinCode: string;
  recommendedTerminalNumber: string;
  validUntil: Date;
}

export interface ChargingProvider {
  activationData(booking: ChargingBooking): Promise<ChargingActivationData>;
}
