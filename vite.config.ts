import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.js';
import { preloadRoutes } from './scripts/vite-preload-routes.js';
import { prerenderVisitorHome } from './scripts/vite-prerender.js';
import { sampleCallAudio } from './scripts/vite-sample-call.js';

const r = (p: string) => new URL(p, import.meta.url).pathname;
const alias = { '@': r('./src/web'), '@shared': r('./src/shared') };

export default defineConfig({
  root: r('./src/web'),
  publicDir: r('./public'),
  plugins: [
    react(),
    tailwindcss(),
    preloadRoutes(['start-app.tsx', 'features/landing/landing-page.tsx']),
    prerenderVisitorHome({ entry: 'prerender-entry.tsx', alias, scratchDir: r('./.tmp') }),
    // the landing page's sample call, spoken by the offline voice (dist/web/sample-call.mp3)
    sampleCallAudio(),
    precompress(),
  ],
  resolve: { alias },
  build: {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // read by bench/bundle.ts to measure what each route downloads
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } },
  },
});
