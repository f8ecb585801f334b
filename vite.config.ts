import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.VITRINA_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/app', emptyOutDir: true, sourcemap: true, target: 'es2022' },
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
