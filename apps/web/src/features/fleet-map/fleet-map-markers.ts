import {
  FLEET_MAP_STATUSES as STATUSES,
  VEHICLE_CATEGORIES,
  type FleetMapStatus,
  type FleetMapVehicle,
  type VehicleCategory,
} from '@fleetdesk/contract';

/**
 * How a vehicle looks on the fleet map (issue 7, docs/decisions/0035): the status decides colour AND shape (so the map
 * reads without colour vision too), the category the glyph inside. Pure data, shared by the map's markers (an SVG
 * string in a Leaflet divIcon) and the legend (the same SVG as React elements).
 */

export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond';

export interface StatusLook {
  status: FleetMapStatus;
  color: string;
  shape: MarkerShape;
  /** Lower is more urgent: a cluster takes the look of its most urgent vehicle. */
  severity: number;
}

/** Statuses in legend order, most urgent first (as the server ranks them: ALARM > LOW_BATTERY > BOOKED > AVAILABLE). */
export const FLEET_MAP_STATUSES: readonly FleetMapStatus[] = STATUSES;

export const STATUS_LOOK: Readonly<Record<FleetMapStatus, StatusLook>> = {
  ALARM: { status: 'ALARM', color: '#c62828', shape: 'triangle', severity: 0 },
  LOW_BATTERY: { status: 'LOW_BATTERY', color: '#e65100', shape: 'diamond', severity: 1 },
  BOOKED: { status: 'BOOKED', color: '#1565c0', shape: 'square', severity: 2 },
  AVAILABLE: { status: 'AVAILABLE', color: '#2e7d32', shape: 'circle', severity: 3 },
};

export const FLEET_MAP_CATEGORIES: readonly VehicleCategory[] = VEHICLE_CATEGORIES;

/** Material icon paths (24×24) for the categories. */
export const CATEGORY_GLYPH: Readonly<Record<VehicleCategory, readonly string[]>> = {
  CAR: [
    'M18.92 6.01C18.72 5.42 18.16 5 17.5 5h-11c-.66 0-1.21.42-1.42 1.01L3 12v8c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-1h12v1c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-8zM6.5 16c-.83 0-1.5-.67-1.5-1.5S5.67 13 6.5 13s1.5.67 1.5 1.5S7.33 16 6.5 16m11 0c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5M5 11l1.5-4.5h11L19 11z',
  ],
  TRANSPORT_VEHICLE: [
    'M20 8h-3V4H3c-1.1 0-2 .9-2 2v11h2c0 1.66 1.34 3 3 3s3-1.34 3-3h6c0 1.66 1.34 3 3 3s3-1.34 3-3h2v-5zM6 18.5c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5m13.5-9 1.96 2.5H17V9.5zm-1.5 9c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5',
  ],
  BIKE: [
    'm18.18 10-1.7-4.68C16.19 4.53 15.44 4 14.6 4H12v2h2.6l1.46 4h-4.81l-.36-1H12V7H7v2h1.75l1.82 5H9.9c-.44-2.23-2.31-3.88-4.65-3.99C2.45 9.87 0 12.2 0 15s2.2 5 5 5c2.46 0 4.45-1.69 4.9-4h4.2c.44 2.23 2.31 3.88 4.65 3.99 2.8.13 5.25-2.19 5.25-5 0-2.8-2.2-5-5-5h-.82zM7.82 16c-.4 1.17-1.49 2-2.82 2-1.68 0-3-1.32-3-3s1.32-3 3-3c1.33 0 2.42.83 2.82 2H5v2zm6.28-2h-1.4l-.73-2H15c-.44.58-.76 1.25-.9 2m4.9 4c-1.68 0-3-1.32-3-3 0-.93.41-1.73 1.05-2.28l.96 2.64 1.88-.68-.97-2.67c.03 0 .06-.01.09-.01 1.68 0 3 1.32 3 3s-1.33 3-3.01 3',
  ],
  CARGO_BIKE: [
    'M19 7c0-1.1-.9-2-2-2h-3v2h3v2.65L13.52 14H10V9H6c-2.21 0-4 1.79-4 4v3h2c0 1.66 1.34 3 3 3s3-1.34 3-3h4.48L19 10.35zM7 17c-.55 0-1-.45-1-1h2c0 .55-.45 1-1 1',
    'M5 6h5v2H5zm14 7c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3m0 4c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1',
  ],
  SCOOTER: [
    'M7.82 16H15v-1c0-2.21 1.79-4 4-4h.74l-1.9-8.44C17.63 1.65 16.82 1 15.89 1H12v2h3.89l1.4 6.25h-.01c-2.16.65-3.81 2.48-4.19 4.75H7.82c-.48-1.34-1.86-2.24-3.42-1.94-1.18.23-2.13 1.2-2.35 2.38C1.7 16.34 3.16 18 5 18c1.3 0 2.4-.84 2.82-2M5 16c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1',
    'M19 12c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3m0 4c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1m-8 4H7l6 3v-2h4l-6-3z',
  ],
  OTHER: ['m12 2-5.5 9h11z', 'M3 13.5h8v8H3z', 'M17.5 13.5a4 4 0 1 0 0 8a4 4 0 1 0 0-8z'],
};

/** The outline of each shape in a 32×32 box, and where the 24×24 glyph sits inside it. */
export const SHAPE_GEOMETRY: Readonly<Record<MarkerShape, { outline: string; glyph: { x: number; y: number; scale: number } }>> = {
  circle: { outline: 'M16 2a14 14 0 1 1 0 28a14 14 0 1 1 0-28z', glyph: { x: 8, y: 8, scale: 2 / 3 } },
  square: { outline: 'M4 4h24v24H4z', glyph: { x: 8, y: 8, scale: 2 / 3 } },
  triangle: { outline: 'M16 1L31 29H1z', glyph: { x: 10, y: 14, scale: 0.5 } },
  diamond: { outline: 'M16 1L31 16L16 31L1 16z', glyph: { x: 10, y: 10, scale: 0.5 } },
};

export const MARKER_SIZE = 32;

/** The marker of a status and category as an SVG string (for a Leaflet divIcon). */
export function markerSvg(status: FleetMapStatus, category: VehicleCategory): string {
  const look = STATUS_LOOK[status];
  const { outline, glyph } = SHAPE_GEOMETRY[look.shape];
  const paths = CATEGORY_GLYPH[category].map((d) => `<path d="${d}"/>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${MARKER_SIZE}" height="${MARKER_SIZE}" viewBox="0 0 32 32" aria-hidden="true" focusable="false">` +
    `<path d="${outline}" fill="${look.color}" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>` +
    `<g fill="#fff" transform="translate(${glyph.x} ${glyph.y}) scale(${glyph.scale})">${paths}</g></svg>`
  );
}

/** The most urgent status among some (AVAILABLE for none): a cluster is drawn in its colour. */
export function mostUrgentStatus(statuses: Iterable<FleetMapStatus>): FleetMapStatus {
  let best: FleetMapStatus = 'AVAILABLE';
  for (const status of statuses) if (STATUS_LOOK[status].severity < STATUS_LOOK[best].severity) best = status;
  return best;
}

export interface LegendEntry extends StatusLook {
  count: number;
}

/** The legend: every status in order with its look and its count (from the server's counts; 0 when absent). */
export function legendEntries(counts: Partial<Record<FleetMapStatus, number>>): LegendEntry[] {
  return FLEET_MAP_STATUSES.map((status) => ({ ...STATUS_LOOK[status], count: counts[status] ?? 0 }));
}

export interface FleetMapFilter {
  /** Statuses shown; empty shows all. */
  statuses: readonly FleetMapStatus[];
  /** Categories shown; empty shows all. */
  categories: readonly VehicleCategory[];
}

/** The vehicles the filter keeps. */
export function filterFleetMapVehicles<T extends Pick<FleetMapVehicle, 'status' | 'vehicleCategory'>>(
  vehicles: readonly T[],
  filter: FleetMapFilter,
): T[] {
  return vehicles.filter(
    (v) =>
      (filter.statuses.length === 0 || filter.statuses.includes(v.status)) &&
      (filter.categories.length === 0 || filter.categories.includes(v.vehicleCategory)),
  );
}

/** A vehicle with a position to draw. */
export type PlacedVehicle<T extends Pick<FleetMapVehicle, 'lat' | 'lon'>> = T & { lat: number; lon: number };
export const isPlaced = <T extends Pick<FleetMapVehicle, 'lat' | 'lon'>>(v: T): v is PlacedVehicle<T> => v.lat !== null && v.lon !== null;
