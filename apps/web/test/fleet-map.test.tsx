import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { ZFleetMapStatus, type FleetMapVehicle } from '@fleetdesk/contract';
import {
  FLEET_MAP_STATUSES,
  STATUS_LOOK,
  filterFleetMapVehicles,
  isPlaced,
  legendEntries,
  markerSvg,
  mostUrgentStatus,
} from '@/features/fleet-map/fleet-map-markers';
import { fleetMapFilterOf, fleetMapSearchOf, toggleIn, validateFleetMapSearch } from '@/features/fleet-map/fleet-map-search';
import { DEFAULT_TILE_URL, mapTileSource, tileSourceOf } from '@/features/fleet-map/map-tiles';
import { FleetMapLegend } from '@/features/fleet-map/components/fleet-map-legend';
import { i18n } from '@/lib/i18n/i18n';

const vehicle = (overrides: Partial<FleetMapVehicle>): FleetMapVehicle => ({
  vin: 'VIN1',
  registrationNumber: 'EL 12345',
  modelName: 'VW ID.3',
  vehicleCategory: 'CAR',
  status: 'AVAILABLE',
  lat: 59.9,
  lon: 10.7,
  positionFromPool: false,
  positionUpdated: '2026-01-01T10:00:00.000Z',
  fuelLevel: 80,
  poolId: 1,
  bid: null,
  ...overrides,
});

afterEach(cleanup);

describe('fleet map markers', () => {
  it('gives every status its own colour and its own shape', () => {
    const looks = FLEET_MAP_STATUSES.map((s) => STATUS_LOOK[s]);
    expect(FLEET_MAP_STATUSES).toEqual(ZFleetMapStatus.options);
    expect(new Set(looks.map((l) => l.color)).size).toBe(4);
    expect(new Set(looks.map((l) => l.shape)).size).toBe(4);
    expect(STATUS_LOOK.ALARM).toMatchObject({ shape: 'triangle', color: '#c62828' });
    expect(STATUS_LOOK.AVAILABLE.shape).toBe('circle');
  });

  it('draws the status colour and the category glyph into the marker', () => {
    const alarmCar = markerSvg('ALARM', 'CAR');
    const availableBike = markerSvg('AVAILABLE', 'BIKE');
    expect(alarmCar).toContain(`fill="${STATUS_LOOK.ALARM.color}"`);
    expect(availableBike).toContain(`fill="${STATUS_LOOK.AVAILABLE.color}"`);
    expect(alarmCar).not.toBe(markerSvg('ALARM', 'BIKE'));
    expect(alarmCar).not.toBe(markerSvg('BOOKED', 'CAR'));
    expect(new DOMParser().parseFromString(alarmCar, 'image/svg+xml').querySelector('parsererror')).toBeNull();
  });

  it('colours a cluster by its most urgent vehicle', () => {
    expect(mostUrgentStatus(['AVAILABLE', 'BOOKED', 'LOW_BATTERY'])).toBe('LOW_BATTERY');
    expect(mostUrgentStatus(['BOOKED', 'ALARM', 'AVAILABLE'])).toBe('ALARM');
    expect(mostUrgentStatus([])).toBe('AVAILABLE');
  });

  it('lists the legend in status order with the server counts, 0 when absent', () => {
    expect(legendEntries({ ALARM: 3, AVAILABLE: 30 }).map((e) => [e.status, e.count])).toEqual([
      ['ALARM', 3],
      ['LOW_BATTERY', 0],
      ['BOOKED', 0],
      ['AVAILABLE', 30],
    ]);
  });

  it('filters by status and category, nothing chosen showing all', () => {
    const all = [
      vehicle({ vin: 'A', status: 'ALARM', vehicleCategory: 'CAR' }),
      vehicle({ vin: 'B', status: 'BOOKED', vehicleCategory: 'BIKE' }),
      vehicle({ vin: 'C', status: 'ALARM', vehicleCategory: 'SCOOTER' }),
    ];
    const vins = (f: Parameters<typeof filterFleetMapVehicles>[1]) => filterFleetMapVehicles(all, f).map((v) => v.vin);
    expect(vins({ statuses: [], categories: [] })).toEqual(['A', 'B', 'C']);
    expect(vins({ statuses: ['ALARM'], categories: [] })).toEqual(['A', 'C']);
    expect(vins({ statuses: ['ALARM'], categories: ['SCOOTER', 'BIKE'] })).toEqual(['C']);
    expect(vins({ statuses: ['LOW_BATTERY'], categories: [] })).toEqual([]);
  });

  it('leaves vehicles without a position off the map', () => {
    expect([vehicle({ vin: 'A' }), vehicle({ vin: 'B', lat: null, lon: null })].filter(isPlaced).map((v) => v.vin)).toEqual(['A']);
  });
});

describe('fleet map URL and tiles', () => {
  it('keeps known statuses and categories in legend order and drops the rest', () => {
    expect(validateFleetMapSearch({ status: 'booked,alarm,NOPE', category: ['BIKE', 'car'] })).toEqual({
      status: 'ALARM,BOOKED',
      category: 'CAR,BIKE',
    });
    expect(validateFleetMapSearch({ status: 'nope' })).toEqual({});
    expect(fleetMapFilterOf({ status: 'ALARM,BOOKED' })).toEqual({ statuses: ['ALARM', 'BOOKED'], categories: [] });
    expect(fleetMapSearchOf({ statuses: [], categories: ['SCOOTER'] })).toEqual({ category: 'SCOOTER' });
    expect(toggleIn(['BOOKED'], 'ALARM', FLEET_MAP_STATUSES)).toEqual(['ALARM', 'BOOKED']);
    expect(toggleIn(['ALARM', 'BOOKED'], 'ALARM', FLEET_MAP_STATUSES)).toEqual(['BOOKED']);
  });

  it('uses the build-time tile URL, the default without one, and no tiles for none', () => {
    expect(tileSourceOf(undefined)?.url).toBe(DEFAULT_TILE_URL);
    expect(tileSourceOf(' http://tiles.local/{z}/{x}/{y}.png ')).toEqual({ url: 'http://tiles.local/{z}/{x}/{y}.png', attribution: '' });
    expect(tileSourceOf('none')).toBeNull();
    expect(tileSourceOf('')).toBeNull();
  });

  it("prefers the server's tile setting from /api/config, null meaning no tiles", () => {
    expect(mapTileSource({ mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png', mapTileAttribution: 'Example' })).toEqual({
      url: 'https://tiles.example/{z}/{x}/{y}.png',
      attribution: 'Example',
    });
    expect(mapTileSource({ mapTileUrl: null, mapTileAttribution: null })).toBeNull();
    // An older server without the setting: the build-time one (here the default).
    expect(mapTileSource({})?.url).toBe(DEFAULT_TILE_URL);
  });
});

describe('fleet map legend', () => {
  it('shows each status with its shape and count, and filters by ticking', async () => {
    await i18n.changeLanguage('en-GB');
    const onFilterChange = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <FleetMapLegend
          counts={{ ALARM: 2, BOOKED: 5 }}
          categoryCounts={{ CAR: 7 }}
          filter={{ statuses: ['BOOKED'], categories: [] }}
          onFilterChange={onFilterChange}
        />
      </I18nextProvider>,
    );
    const alarm = screen.getByRole('checkbox', { name: /Alarm \(2\)/ });
    expect((alarm as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: /Booked \(5\)/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('legend-ALARM').querySelector('svg[data-shape]')?.getAttribute('data-shape')).toBe('triangle');
    expect((screen.getByRole('checkbox', { name: /Car \(7\)/ }) as HTMLInputElement).checked).toBe(false);
    await userEvent.click(alarm);
    expect(onFilterChange).toHaveBeenLastCalledWith({ statuses: ['ALARM', 'BOOKED'], categories: [] });
    await userEvent.click(screen.getByRole('checkbox', { name: /Scooter/ }));
    expect(onFilterChange).toHaveBeenLastCalledWith({ statuses: ['BOOKED'], categories: ['SCOOTER'] });
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(onFilterChange).toHaveBeenLastCalledWith({ statuses: [], categories: [] });
  });
});
