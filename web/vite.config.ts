import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The browser app (issue 9): built into dist/web, which `wardroom serve` serves; every path
 * that is not /api/… gets index.html (client-side routes). `npx vite --config web/vite.config.ts`
 * serves it for development, sending /api to a server on :8080.
 */
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  plugins: [preact({ prefreshEnabled: false, devToolsEnabled: false })],
  build: { outDir: fileURLToPath(new URL('../dist/web', import.meta.url)), emptyOutDir: true },
  server: { proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
  logLevel: 'warn',
});
