import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  root: fromHere('.'),
  plugins: [
    // Must come before the React plugin: it generates src/routeTree.gen.ts and splits each route.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromHere('./src/routes'),
      generatedRouteTree: fromHere('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
  ],
  resolve: { alias: { '@': fromHere('./src') } },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: { outDir: fromHere('./dist'), emptyOutDir: true },
});
