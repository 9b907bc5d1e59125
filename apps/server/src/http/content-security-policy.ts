import type { Config } from '../config.ts';

/**
 * The Content-Security-Policy of the console (docs/decisions/0037-production-operations.md): everything from the
 * server's own origin, plus exactly the outside origins the configuration names.
 * - script-src, connect-src: the help-desk widget's origin (HELPDESK_WIDGET_URL), when one is configured;
 * - style-src 'unsafe-inline': MUI's emotion inserts <style> elements at run time, and the demo identity provider's
 *   login page carries its styles inline; styles cannot run code, scripts stay without 'unsafe-inline';
 * - img-src data: blob: and the map tiles' origin (MAP_TILE_URL; `{s}` subdomains become `*.`);
 * - form-action 'self': the only real form submission is the demo identity provider's login form, which posts to
 *   itself and is redirected within the origin (/demo-idp → /api/auth/sso/callback → /postLogin). Single sign-on with
 *   an outside provider starts from a link (a navigation, which form-action does not govern).
 */
export function contentSecurityPolicyDirectives(config: Pick<Config, 'HELPDESK_WIDGET_URL' | 'MAP_TILE_URL'>): Record<string, string[]> {
  const widget = originOf(config.HELPDESK_WIDGET_URL);
  const tiles = tileSourceOf(config.MAP_TILE_URL);
  const self = "'self'";
  return {
    'default-src': [self],
    'script-src': [self, ...widget],
    'script-src-attr': ["'none'"],
    'style-src': [self, "'unsafe-inline'"],
    'img-src': [self, 'data:', 'blob:', ...tiles],
    'connect-src': [self, ...widget],
    'font-src': [self, 'data:'],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': [self],
    'form-action': [self],
  };
}

/** The origin of an absolute URL, as a one-element list; none for an unset or relative one. */
function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

const ABSOLUTE_TEMPLATE = /^(https?):\/\/([^/?#]+)/i;

/**
 * The CSP source of a Leaflet tile template such as `https://{s}.tile.example/{z}/{x}/{y}.png`: its origin, with a
 * placeholder in the first host label (`{s}`, the subdomains a–c) as a `*.` wildcard. A placeholder deeper in the
 * host cannot be written as a source, so the scheme alone is allowed then. `none`, an empty or a relative template
 * (tiles served by this server) add nothing.
 */
export function tileSourceOf(template: string): string[] {
  const trimmed = template.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'none') return [];
  const match = ABSOLUTE_TEMPLATE.exec(trimmed);
  if (!match) return [];
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.toLowerCase();
  if (!host.includes('{')) return [`${scheme}://${host}`];
  const [first, ...rest] = host.split('.');
  if (first?.includes('{') && rest.length > 0 && !rest.some((label) => label.includes('{'))) return [`${scheme}://*.${rest.join('.')}`];
  return [`${scheme}:`];
}

/**
 * The policy of the API reference page at /api/docs (docs/decisions/0041-openapi-document.md): the console's, with
 * the page's own inline start-up scripts allowed by their SHA-256 hashes (Scalar's page calls
 * `Scalar.createApiReference(…)` inline). Its bundle comes from this server (/api/docs/js/scalar.js), never a CDN, so
 * `'self'` covers it and nothing else is allowed.
 */
export function apiReferenceDirectives(directives: Record<string, string[]>, inlineScriptHashes: readonly string[]): Record<string, string[]> {
  return { ...directives, 'script-src': [...(directives['script-src'] ?? ["'self'"]), ...inlineScriptHashes.map((hash) => `'sha256-${hash}'`)] };
}

/** Directives as a Content-Security-Policy header value (as helmet writes them). */
export const contentSecurityPolicyHeader = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
