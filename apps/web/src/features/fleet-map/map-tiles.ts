/**
 * Where the map's background tiles come from: the server's MAP_TILE_URL / MAP_TILE_ATTRIBUTION (GET /api/config;
 * null there means no tiles), else a build-time VITE_MAP_TILE_URL, else OpenStreetMap's standard tiles.
 * `none` (or an empty value) turns tiles off: the map then draws on its plain background only. Tiles load in the
 * background and never hold up the markers, so the map works offline; failed tiles simply leave the plain background.
 */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

export interface TileSource {
  url: string;
  attribution: string;
}

/** The tile source of an env value (undefined: the default; blank or `none`: no tiles). */
export function tileSourceOf(envUrl: string | undefined, envAttribution?: string): TileSource | null {
  if (envUrl === undefined) return { url: DEFAULT_TILE_URL, attribution: envAttribution ?? DEFAULT_TILE_ATTRIBUTION };
  const url = envUrl.trim();
  if (url === '' || url.toLowerCase() === 'none') return null;
  return { url, attribution: envAttribution ?? '' };
}

export function mapTileSource(server?: { mapTileUrl?: string | null; mapTileAttribution?: string | null }): TileSource | null {
  if (server && server.mapTileUrl !== undefined) {
    return server.mapTileUrl === null ? null : tileSourceOf(server.mapTileUrl, server.mapTileAttribution ?? undefined);
  }
  return tileSourceOf(import.meta.env.VITE_MAP_TILE_URL as string | undefined, import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined);
}

/** The plain background the map draws on (and shows alone when no tile loads). */
export const MAP_BACKGROUND = '#dfe7ea';
/** The same in the dark colour scheme. */
export const MAP_BACKGROUND_DARK = '#26313a';
