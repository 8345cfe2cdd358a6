import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleBudget } from './build/bundle-budget';
import { minifiedContracts } from './build/minified-contracts';
import { precompress } from './build/precompress';
import packageJson from './package.json' with { type: 'json' };

const contractsFolder = fileURLToPath(new URL('../backend/src/contracts', import.meta.url));

/** A digest of the API's contracts: answers saved on a device under another one are not put back. */
function contractsVersion(): string {
  const hash = createHash('sha256');
  const files = readdirSync(contractsFolder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.includes('__tests__'))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(`${contractsFolder}/${file}`));
  return hash.digest('hex').slice(0, 16);
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [
    minifiedContracts(contractsFolder),
    react(),
    // An installable app whose shell opens without a network (the trainer on a gym floor). The
    // service worker precaches the built files; API answers are never cached by it (they are
    // no-store and per user: the query cache persisted per user covers offline reading).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Vira — Sua agenda que vira dinheiro',
        short_name: 'Vira',
        description: 'Agenda, alunos e finanças para personal trainers.',
        lang: 'pt-BR',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0ca678',
        background_color: '#14161a',
        categories: ['business', 'health', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-192.png',
            sizes: '192x192',
            type: 'image/png',
            purpose: 'maskable',
          },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        shortcuts: [
          {
            name: 'Agenda',
            url: '/agenda',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
          },
          {
            name: 'Alunos',
            url: '/alunos',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//],
        cleanupOutdatedCaches: true,
        // The notifications pushed to the installed app (public/push-sw.js).
        importScripts: ['/push-sw.js'],
        // The shell and every lazy page: an offline trainer can open any screen they used.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    // The JS a phone downloads before /auth or the signed-in shell can show: at most 200 kB gzip.
    bundleBudget({
      maxGzipKb: 200,
      pages: {
        '/auth': ['src/features/auth/pages/auth-page.tsx'],
        'signed-in shell (/)': [
          'src/app/shell/app-layout.tsx',
          'src/features/dashboard/pages/dashboard-page.tsx',
        ],
      },
    }),
    // Brotli and gzip copies of the build, served as they are to browsers that accept them.
    precompress(),
  ],
  resolve: {
    // The rules shared with the API (zod schemas, CPF and phone rules, realtime change types).
    // Lint lets frontend code reach backend/ through this folder only.
    alias: { '@contracts': contractsFolder },
  },
  // The app reads its build-time settings from this one constant (see src/config/env.ts),
  // so the same module also runs under jest, where import.meta.env does not exist.
  define: {
    __VIRA_ENV__: JSON.stringify({
      apiBaseUrl: process.env.VITE_API_BASE_URL ?? '/api',
      socketPath: '/socket.io',
      appVersion: packageJson.version,
      contractsVersion: contractsVersion(),
    }),
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys. Only
        // what the first page load needs ($initial) is grouped; what lazy pages use stays with them.
        codeSplitting: {
          groups: [
            { name: 'mantine', test: /node_modules[\\/]@mantine/, tags: ['$initial'] },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'vendor', test: /node_modules/, tags: ['$initial'] },
            // The operations' routes as the entities read them (build/minified-contracts.ts), one
            // chunk of a few kB: the realtime map names every entity's key.
            { name: 'operations', test: /^\0vira-minified-contract:/ },
          ],
        },
      },
    },
  },
});
