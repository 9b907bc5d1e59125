import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is compressed on the fly: JSON (the API), text and SVG. Not event streams (they must flush as they go), nor
 * images, fonts, spreadsheets or archives, which are compressed already.
 */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|^application\/(?:[\w.+-]+\+)?json(?:;|$)|^image\/svg\+xml/;

/** Smaller answers go out as they are: compressing them costs more time than the bytes it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compression of the answers that are not precompressed (docs/decisions/0043-fast-first-load.md): API JSON above
 * ~1 kB, with brotli at quality 4 (fast; the built SPA's files are precompressed at the highest quality instead) or
 * gzip, whichever the client accepts, with `Vary: Accept-Encoding`. The probes (/api/health, /api/ready) are never
 * compressed. Compressed request bodies are not accepted: inflating them would get past the body limit.
 * Register before the routes: the plugin attaches itself to each route as it is declared.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.config?.probe) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
