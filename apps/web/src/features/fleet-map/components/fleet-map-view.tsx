import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet.markercluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useTranslation } from 'react-i18next';
import type { FleetMapStatus, FleetMapVehicle } from '@fleetdesk/contract';
import { TextLink } from '@/components/router-link';
import { useFormat } from '@/lib/format/use-format';
import { MARKER_SIZE, STATUS_LOOK, markerSvg, mostUrgentStatus, type PlacedVehicle } from '../fleet-map-markers';
import { useClientConfig } from '@/features/config';
import { MAP_BACKGROUND, MAP_BACKGROUND_DARK, mapTileSource } from '../map-tiles';

type Placed = PlacedVehicle<FleetMapVehicle>;

/** Markers without Leaflet's white box, visible keyboard focus, and clusters ringed in their most urgent status. */
const MAP_STYLES = {
  '& .fleet-map-marker': { background: 'none', border: 0, lineHeight: 0, filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.45))' },
  '& .leaflet-marker-icon:focus-visible': { outline: '3px solid #0d47a1', outlineOffset: 2, borderRadius: '50%' },
  '& .fleet-map-cluster-icon': { background: 'none', border: 0 },
  // The dark colour scheme (docs/decisions/0068-dark-mode.md): the tiles inverted (streets light on dark, hues kept),
  // Leaflet's controls and popup on the theme's surfaces. Markers and clusters keep their colours.
  '& .leaflet-container': { bgcolor: MAP_BACKGROUND },
  '[data-color-scheme="dark"] &': {
    '& .leaflet-container': { bgcolor: MAP_BACKGROUND_DARK },
    '& .leaflet-tile-pane': { filter: 'invert(1) hue-rotate(180deg) brightness(0.9) contrast(0.9)' },
    '& .leaflet-bar a, & .leaflet-popup-content-wrapper, & .leaflet-popup-tip': { bgcolor: 'background.paper', color: 'text.primary' },
    '& .leaflet-bar a': { borderBottomColor: 'divider' },
    '& .leaflet-popup-close-button': { color: 'text.secondary' },
    '& .leaflet-control-attribution': { bgcolor: 'rgba(26, 33, 40, 0.85)', color: 'text.secondary' },
    '& .leaflet-control-attribution a': { color: 'primary.main' },
    '& .fleet-map-popup-status': { color: 'text.primary' },
  },
  '& .fleet-map-cluster': {
    width: 40,
    height: 40,
    borderRadius: '50%',
    border: '4px solid',
    background: '#fff',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontWeight: 700,
    fontSize: 14,
    color: '#212121',
    boxShadow: '0 1px 4px rgba(0,0,0,.4)',
    boxSizing: 'border-box',
  },
} as const;

/** Before any vehicle is known: southern Scandinavia. */
const FALLBACK_CENTER: L.LatLngTuple = [60.5, 12];
const FALLBACK_ZOOM = 5;

export interface FleetMapViewProps {
  /** The vehicles to draw (already filtered). */
  vehicles: readonly Placed[];
  /** Every placed vehicle of the fleet: the first view fits them all, filters do not move the map. */
  allVehicles: readonly Placed[];
}

/**
 * The Leaflet map: background tiles from the configured URL (see map-tiles.ts) over a plain background, the vehicles as
 * clustered markers (leaflet.markercluster), and a popup for the chosen vehicle linking to its page.
 */
export default function FleetMapView({ vehicles, allVehicles }: FleetMapViewProps) {
  const { t } = useTranslation();
  const { data: config } = useClientConfig();
  const tiles = useMemo(() => mapTileSource(config), [config]);
  const [selectedVin, setSelectedVin] = useState<string | null>(null);
  /** The marker that opened the popup: Escape gives it the focus back. */
  const opener = useRef<HTMLElement | null>(null);
  const select = useCallback((vin: string, element: HTMLElement | null) => {
    opener.current = element;
    setSelectedVin(vin);
  }, []);
  const closeWithKeyboard = () => {
    setSelectedVin(null);
    if (opener.current?.isConnected) opener.current.focus();
  };
  const [tilesLoaded, setTilesLoaded] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const selected = selectedVin ? (vehicles.find((v) => v.vin === selectedVin) ?? null) : null;

  return (
    <Box
      role="region"
      aria-label={t('fleetMap.map.label')}
      data-testid="fleet-map"
      sx={{ position: 'relative', height: '100%', minHeight: 420, ...MAP_STYLES }}
    >
      <MapContainer center={FALLBACK_CENTER} zoom={FALLBACK_ZOOM} style={{ height: '100%', minHeight: 420, borderRadius: 4 }}>
        {tiles && (
          <TileLayer
            url={tiles.url}
            attribution={tiles.attribution}
            eventHandlers={{ tileload: () => setTilesLoaded(true), tileerror: () => setTilesFailed(true) }}
          />
        )}
        <ClusteredMarkers vehicles={vehicles} allVehicles={allVehicles} onSelect={select} />
        {selected && (
          <Popup
            key={selected.vin}
            position={[selected.lat, selected.lon]}
            offset={[0, -MARKER_SIZE / 2]}
            eventHandlers={{ remove: () => setSelectedVin(null) }}
          >
            <VehiclePopup vehicle={selected} onEscape={closeWithKeyboard} />
          </Popup>
        )}
      </MapContainer>
      {(!tiles || (tilesFailed && !tilesLoaded)) && (
        <Chip
          icon={<CloudOffIcon />}
          size="small"
          label={t('fleetMap.map.noTiles')}
          data-testid="fleet-map-no-tiles"
          sx={{ position: 'absolute', left: 12, bottom: 12, zIndex: 1000, bgcolor: 'background.paper' }}
        />
      )}
    </Box>
  );
}

function VehiclePopup({ vehicle, onEscape }: { vehicle: Placed; onEscape: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const look = STATUS_LOOK[vehicle.status];
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Once Leaflet has put the popup into the page.
    const timer = window.setTimeout(() => ref.current?.querySelector('a')?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [vehicle.vin]);
  return (
    <Stack
      ref={ref}
      spacing={0.5}
      data-testid="fleet-map-popup"
      sx={{ minWidth: 200 }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onEscape();
      }}
    >
      {/* Focus moves into the popup, so a keyboard user goes on to the vehicle with Enter (Escape closes it). */}
      <TextLink to="/vehicles/$vin" params={{ vin: vehicle.vin }} sx={{ fontWeight: 700, fontSize: '1rem' }}>
        {vehicle.registrationNumber}
      </TextLink>
      <Typography variant="body2">
        {vehicle.modelName} · {t(`fleetMap.categories.${vehicle.vehicleCategory}`)}
      </Typography>
      <Typography variant="body2" className="fleet-map-popup-status" sx={{ color: look.color, fontWeight: 600 }}>
        {t(`fleetMap.statuses.${vehicle.status}`)}
      </Typography>
      <Typography variant="body2">
        {vehicle.electric === undefined ? t('fleetMap.popup.level') : vehicle.electric ? t('fleetMap.popup.charge') : t('fleetMap.popup.fuel')}:{' '}
        {vehicle.fuelLevel === null
          ? t('fleetMap.popup.unknown')
          : vehicle.electric === undefined
            ? format.number(vehicle.fuelLevel, 0)
            : vehicle.electric
              ? `${format.number(vehicle.fuelLevel, 0)} %`
              : `${format.number(vehicle.fuelLevel, 1)} l`}
      </Typography>
      {vehicle.bid && (
        <Typography variant="body2">
          {t('fleetMap.popup.booking')}:{' '}
          <TextLink to="/booking/$bid" params={{ bid: vehicle.bid }}>
            {vehicle.bid}
          </TextLink>
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {vehicle.positionFromPool
          ? t('fleetMap.popup.positionFromPool')
          : t('fleetMap.popup.positionUpdated', { time: vehicle.positionUpdated ? format.dateTime(vehicle.positionUpdated) : '–' })}
      </Typography>
    </Stack>
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Draws the vehicles into one marker cluster group, rebuilt when the list changes; fits the fleet once. */
function ClusteredMarkers({ vehicles, allVehicles, onSelect }: FleetMapViewProps & { onSelect: (vin: string, element: HTMLElement | null) => void }) {
  const map = useMap();
  const { t } = useTranslation();
  const statusOf = useRef(new WeakMap<L.Marker, FleetMapStatus>());
  const [group, setGroup] = useState<L.MarkerClusterGroup | null>(null);
  const fitted = useRef(false);
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    const created = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 45,
      chunkedLoading: true,
      iconCreateFunction: (cluster) => {
        const count = cluster.getChildCount();
        const status = mostUrgentStatus(cluster.getAllChildMarkers().map((m) => statusOf.current.get(m) ?? 'AVAILABLE'));
        const color = STATUS_LOOK[status].color;
        const label = escapeHtml(tRef.current('fleetMap.map.cluster', { count }));
        return L.divIcon({
          html: `<div class="fleet-map-cluster" data-count="${count}" data-status="${status}" role="img" aria-label="${label}" title="${label}" style="border-color:${color}"><span>${count}</span></div>`,
          className: 'fleet-map-cluster-icon',
          iconSize: L.point(40, 40),
        });
      },
    });
    map.addLayer(created);
    setGroup(created);
    return () => {
      map.removeLayer(created);
    };
  }, [map]);

  useEffect(() => {
    if (!group) return;
    group.clearLayers();
    const markers = vehicles.map((v) => {
      const status = tRef.current(`fleetMap.statuses.${v.status}`);
      const marker = L.marker([v.lat, v.lon], {
        icon: L.divIcon({
          html: markerSvg(v.status, v.vehicleCategory),
          className: `fleet-map-marker fleet-map-marker--${v.status}`,
          iconSize: [MARKER_SIZE, MARKER_SIZE],
          iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2],
        }),
        title: `${v.registrationNumber} · ${status}`,
        alt: `${v.registrationNumber} · ${status}`,
        keyboard: true,
        riseOnHover: true,
      });
      statusOf.current.set(marker, v.status);
      marker.on('click', () => onSelect(v.vin, marker.getElement() ?? null));
      // Enter on a focused marker (Leaflet only does this for popups it binds itself).
      marker.on('keypress', (e: L.LeafletKeyboardEvent) => {
        if (e.originalEvent.key === 'Enter') onSelect(v.vin, marker.getElement() ?? null);
      });
      return marker;
    });
    group.addLayers(markers);
  }, [group, vehicles, onSelect]);

  useEffect(() => {
    if (fitted.current || allVehicles.length === 0) return;
    fitted.current = true;
    map.fitBounds(L.latLngBounds(allVehicles.map((v) => [v.lat, v.lon] as L.LatLngTuple)), { padding: [32, 32], maxZoom: 15 });
  }, [map, allVehicles]);

  return null;
}
