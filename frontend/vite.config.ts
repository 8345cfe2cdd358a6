import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget } from './build/bundle-budget';
import packageJson from './package.json' with { type: 'json' };

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [
    react(),
    // The JS a phone downloads before /auth or the signed-in shell can show: at most 200 kB gzip.
    bundleBudget({
      maxGzipKb: 200,
      pages: {
        '/auth': ['src/features/auth/pages/auth-page.tsx'],
        'signed-in shell (/)': ['src/app/shell/app-layout.tsx', 'src/features/dashboard/pages/dashboard-page.tsx'],
      },
    }),
  ],
  resolve: {
    // The rules shared with the API (zod schemas, CPF and phone rules, realtime change types).
    // Lint lets frontend code reach backend/ through this folder only.
    alias: { '@contracts': fileURLToPath(new URL('../backend/src/contracts', import.meta.url)) },
  },
  // The app reads its build-time settings from this one constant (see src/config/env.ts),
  // so the same module also runs under jest, where import.meta.env does not exist.
  define: {
    __VIRA_ENV__: JSON.stringify({
      apiBaseUrl: process.env.VITE_API_BASE_URL ?? '/api',
      socketPath: '/socket.io',
      appVersion: packageJson.version,
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
          ],
        },
      },
    },
  },
});
