import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './scripts/precompress.mjs';
import { serviceWorkerPlugin } from './scripts/service-worker.mjs';

// The server serves dist/ and proxies nothing: in dev, /prod-api goes to a local `amora serve`.
export default defineConfig({
  // The service worker's shell is filled in before the files are compressed (closeBundle).
  plugins: [react(), serviceWorkerPlugin(), precompressPlugin()],
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: {
      '/prod-api': process.env.AMORA_API ?? 'http://127.0.0.1:8080',
      '/im': { target: process.env.AMORA_API ?? 'http://127.0.0.1:8080', ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    setupFiles: ['src/test-setup.ts'],
  },
});
