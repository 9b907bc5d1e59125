import { ZClientConfig } from '@fleetdesk/contract';
import type { App, AppContext } from '../../http/context.ts';

export const VERSION = '0.1.0';

export function registerConfigRoutes(app: App, { config }: AppContext) {
  app.get(
    '/api/config',
    {
      config: { public: true },
      schema: { tags: ['config'], summary: 'Public client configuration', response: { 200: ZClientConfig } },
    },
    async () => {
      const tiles = config.MAP_TILE_URL.trim();
      const none = tiles === '' || tiles.toLowerCase() === 'none';
      return {
        productName: 'Fleetdesk',
        helpDeskWidgetUrl: config.HELPDESK_WIDGET_URL ?? null,
        version: VERSION,
        mapTileUrl: none ? null : tiles,
        mapTileAttribution: none ? null : config.MAP_TILE_ATTRIBUTION,
      };
    },
  );
}
