import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

/**
 * The app's own modules and the contract's are free of side effects on import: a module whose exports nobody uses is
 * left out. This is what lets a feature's index.ts (its public API) be imported for one function without bringing
 * the feature's screens along, and a zod schema of the contract without the ~20 other modules of its index.ts.
 * The few top-level statements these modules run (i18n's init, dayjs.extend next to the code that needs it) sit in
 * modules whose exports are used. Entry modules (main.tsx) and CSS are always kept.
 */
const SIDE_EFFECT_FREE = [fromHere('./src/'), fromHere('../../packages/contract/src/')];
const moduleSideEffects = (id: string): boolean | undefined =>
  SIDE_EFFECT_FREE.some((dir) => id.startsWith(dir)) && /\.(ts|tsx|json)$/.test(id) ? false : undefined;

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_COMPRESS_BYTES = 512;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of the build, for the
 * server to send as they are (@fastify/static's preCompressed). A variant that would not be smaller is left out.
 */
function precompress(): Plugin {
  let outDir = '';
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  async function* filesIn(dir: string): AsyncGenerator<string> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* filesIn(file);
      else if (COMPRESSIBLE.test(entry.name)) yield file;
    }
  }
  return {
    name: 'fleetdesk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const work: Promise<void>[] = [];
      for await (const file of filesIn(outDir)) {
        if ((await stat(file)).size < MIN_COMPRESS_BYTES) continue;
        work.push(
          (async () => {
            const body = await readFile(file);
            const [brotli, gzipped] = await Promise.all([
              br(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
              gz(body, { level: zlib.Z_BEST_COMPRESSION }),
            ]);
            if (brotli.length < body.length) await writeFile(`${file}.br`, brotli);
            if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
          })(),
        );
      }
      await Promise.all(work);
    },
  };
}

export default defineConfig({
  root: fromHere('.'),
  plugins: [
    // Must come before the React plugin: it generates src/routeTree.gen.ts and splits each route.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders split too (the default splits the components only): what they import (a feature's query options and
      // the contract's schemas behind them) then loads with the screen, not with the login page. The loader's chunk is
      // small and downloads beside the component's, so its request still starts before the screen's code is in.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: fromHere('./src/routes'),
      generatedRouteTree: fromHere('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
    precompress(),
  ],
  resolve: {
    alias: { '@': fromHere('./src') },
    // The contract's TypeScript sources (its "@fleetdesk/source" export), never a stale packages/contract/dist.
    conditions: ['@fleetdesk/source', ...defaultClientConditions],
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects },
      output: {
        codeSplitting: {
          // Everything the first render needs, in one file: left to the automatic chunking it came in some 30 small
          // files (each module placed by the set of lazy screens that share it), and each file compresses on its own.
          groups: [
            { name: 'app', tags: ['$initial'] },
            // zod and the contract's schemas, for every screen after the login page, in one file: left to the automatic
            // chunking they came in some twenty small files (one per set of screens sharing a module), which together
            // compress worse than one. The first load has none of it (issue 15). The api/ modules (each screen's request and
            // answer schemas) are left out: in this file /support downloaded every screen's schemas; on their own they
            // come with the screens that use them (/support: 4 kB gzipped less).
            {
              name: 'contract',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/](entities|enums|error-envelope|safe-input|abilities|event-texts)/,
            },
            // MUI's core (styling, theme, the base of every control) and the controls of the console's shell, in one file
            // with the shell: the login page is drawn without MUI, so these are no longer in the first chunk, and left to
            // the automatic chunking they were merged into whichever lazy screen shares them most (the data table's, which
            // /support would then download whole).
            {
              name: 'mui',
              test: /[\\/]node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming|material[\\/](styles|utils|internal|zero-styled|DefaultPropsProvider|colors|transitions|ButtonBase|SvgIcon|Typography|Box|Paper|Toolbar|AppBar|Button|IconButton|Link|CssBaseline|GlobalStyles|useMediaQuery|Skeleton|Portal|Fade|Grow|Backdrop|Modal|Popover|Menu|MenuList|MenuItem|List|ListItemIcon|ListItemText|Divider|Stack|Drawer|Slide|Unstable_TrapFocus|useLazyRipple|CircularProgress|LinearProgress|Alert|Tooltip|Popper|Chip|Switch|FormControlLabel|SwitchBase|Collapse))|@emotion|stylis|react-transition-group|@popperjs)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
