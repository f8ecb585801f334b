import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const apiTarget = process.env.VITRINA_API ?? 'http://localhost:8080';
const outDir = 'dist/app';
/** The studio preview's test and bench page (studio/preview/harness.html): never in `npm start`. */
const withHarness = process.env.VITRINA_PREVIEW_HARNESS === '1';

/** After the console build, the preview frame's page and classic script (build-guest.ts). */
function previewGuest(): Plugin {
  return {
    name: 'vitrina-preview-guest',
    apply: 'build',
    async closeBundle() {
      const { buildPreviewGuest } = await import('./studio/preview/build-guest.ts');
      await buildPreviewGuest(outDir);
    },
  };
}

export default defineConfig({
  plugins: [react(), previewGuest()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    ...(withHarness
      ? { rolldownOptions: { input: ['index.html', 'studio/preview/harness.html'] } }
      : {}),
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/public': apiTarget,
      '/cdn': apiTarget,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'tests/{contract,server,tokens}/**/*.test.ts',
            'tests/storefront/**/*.node.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/{src,studio}/**/*.test.{ts,tsx}', 'tests/storefront/**/*.dom.test.ts'],
          setupFiles: ['tests/helpers/dom-setup.ts'],
          // Generous: user-event journeys on a loaded 2-core machine take seconds.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
