import { createHash } from 'node:crypto';
import fastifyApiReference from '@scalar/fastify-api-reference';
import type { Config } from '../config.ts';
import { apiReferenceDirectives, contentSecurityPolicyDirectives, contentSecurityPolicyHeader } from './content-security-policy.ts';
import type { App } from './context.ts';

/** Where the API reference page is served (README, API). */
export const API_REFERENCE_PATH = '/api/docs';
/** The document the page renders: the one the server publishes. */
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';
/** The reference's script bundle changes only with the package: browsers may keep it a day. */
const BUNDLE_CACHE_CONTROL = 'public, max-age=86400';

/**
 * The offline API reference at /api/docs (docs/decisions/0041-openapi-document.md): Scalar's page, its script bundle
 * served from the installed package (/api/docs/js/scalar.js; no CDN, no web fonts, no telemetry), rendering
 * /api/openapi.json. Public like the document itself (reading the reference needs no session; trying a call does).
 * Under the console's Content-Security-Policy, with the page's inline start-up script allowed by its hash.
 */
export async function registerApiReference(app: App, config: Pick<Config, 'HELPDESK_WIDGET_URL' | 'MAP_TILE_URL'>): Promise<void> {
  const directives = contentSecurityPolicyDirectives(config);
  await app.register(async (scope: App) => {
    // The plugin's routes are under /api: public, so the session hook lets them through.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    scope.addHook('onSend', async (_request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('text/html') && typeof payload === 'string') {
        reply.header('Content-Security-Policy', contentSecurityPolicyHeader(apiReferenceDirectives(directives, inlineScriptHashes(payload))));
      } else if (type.includes('javascript') && reply.statusCode === 200) {
        reply.header('Cache-Control', BUNDLE_CACHE_CONTROL);
      }
      return payload;
    });
    await scope.register(fastifyApiReference, {
      routePrefix: API_REFERENCE_PATH,
      logLevel: 'warn',
      configuration: {
        url: OPENAPI_DOCUMENT_PATH,
        pageTitle: 'Fleetdesk API reference',
        withDefaultFonts: false,
        telemetry: false,
        showDeveloperTools: 'never',
        agent: { disabled: true },
        documentDownloadType: 'json',
      },
    });
  });
}

/** The SHA-256 (base64) of each inline `<script>` of a page, as a Content-Security-Policy hash source takes it. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) =>
    createHash('sha256')
      .update(match[1] ?? '')
      .digest('base64'),
  );
}
