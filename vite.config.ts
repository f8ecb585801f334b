import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const apiTarget = process.env.VITRINA_API ?? 'http://localhost:8080';
const outDir = 'dist/app';
/** The studio preview's test and bench page (studio/preview/harness.html): never in `npm start`. */
const withHarness = process.env.VITRINA_PREVIEW_HARNESS === '1';

/**
 * The preview frame's page and classic script (studio/preview/build-guest.ts): written after the
 * console build; served from memory by the dev server (rebuilt after a change in studio/ or
 * storefront/).
 */
function previewGuest(): Plugin {
  let outRoot = outDir;
  let isBuild = false;
  let guest: Promise<string> | null = null;
  return {
    name: 'vitrina-preview-guest',
    configResolved(config) {
      outRoot = config.build.outDir;
      // Vitest runs the plugins too (with a dummy outDir): only a real build writes the guest.
      isBuild = config.command === 'build' && process.env.VITEST === undefined;
    },
    async closeBundle() {
      if (!isBuild || this.meta.watchMode) return;
      const { buildPreviewGuest } = await import('./studio/preview/build-guest.ts');
      await buildPreviewGuest(outRoot);
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (/[\\/](studio|storefront|contract)[\\/]/.test(file)) guest = null;
      });
      server.middlewares.use(async (req, res, next) => {
        const path = req.url?.split('?')[0];
        if (path !== '/studio-preview.html' && path !== '/studio-preview/guest-dev.js')
          return next();
        try {
          const build = await import('./studio/preview/build-guest.ts');
          res.setHeader('x-content-type-options', 'nosniff');
          if (path === '/studio-preview.html') {
            res.setHeader('content-type', 'text/html; charset=utf-8');
            res.setHeader('content-security-policy', build.previewPageCsp());
            res.end(build.previewPageHtml('/studio-preview/guest-dev.js'));
            return;
          }
          guest ??= build.bundlePreviewGuest();
          res.setHeader('content-type', 'text/javascript; charset=utf-8');
          res.end(await guest);
        } catch (error) {
          guest = null;
          next(error);
        }
      });
    },
  };
}

/**
 * The storefront's precompiled templates (`*.templates.ts`, generated, not committed): written
 * before a build, the dev server or vitest start, and again when a `.hbs` file changes.
 */
function storefrontTemplates(): Plugin {
  const load = () => import('./storefront/build/precompile-templates.ts');
  return {
    name: 'vitrina-storefront-templates',
    async buildStart() {
      await (await load()).writeTemplateModules();
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (!file.endsWith('.hbs') || !/[\\/]storefront[\\/]/.test(file)) return;
        void load().then(async (t) => {
          const dir = file.replace(/[\\/][^\\/]+$/, '');
          await t.writeTemplateModules(t.templateModules().filter((m) => m.from === dir));
        });
      });
    },
  };
}

/**
 * The server suites that drive Chromium (the visual gate's runs): a project of their own. The
 * gate's other suites (its catalog sample, scheduled promotion behind it) render nothing and run
 * with the server suites.
 */
const GATE_SUITES = [
  'tests/server/publishing/visual-gate.test.ts',
  'tests/server/publishing/visual-gate-isolation.test.ts',
];

export default defineConfig({
  plugins: [react(), storefrontTemplates(), previewGuest()],
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
    // Per-file times for `npm run test:times`, beside what the run prints.
    reporters: ['default', ['json', { outputFile: 'test-times/vitest.json' }]],
    // As Playwright: one retry in CI, where a loaded 2-core machine made two jsdom journeys miss
    // a render in runs that otherwise passed (query-lists edit preview, components-ux save failure).
    retry: process.env.CI ? 1 : 0,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'tests/{contract,server,tokens}/**/*.test.ts',
            // Console, studio and storefront code that needs no DOM: no jsdom to set up per file.
            'tests/{src,studio,storefront}/**/*.node.test.ts',
          ],
          exclude: [...GATE_SUITES, ...configDefaults.exclude],
          setupFiles: ['tests/helpers/repo-guard.ts'],
          globalSetup: ['tests/helpers/database-snapshots.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The server suites mostly wait (jobs, timers, the database's worker thread): more files
          // at once than cores (measured: 2 workers 12 min, 3 workers 7.8 min on 2 cores).
          maxWorkers: Number(process.env.VITEST_NODE_WORKERS ?? 4),
          // A worker imports the server once for all its files, not once per file: the import
          // was 309 s of the project's 385 s (summed over files). Measured on a quiet 2-core
          // machine: 385 s wall and 658 CPU s isolated, 288 s and 463 CPU s shared. Every suite
          // builds its own app on its own database, so no state crosses files. (The jsdom files
          // rely on a fresh module graph each: shared, a dozen of them failed.)
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // The visual gate's suites drive Chromium, several processes each: beside four server
          // suites they starved the embedded databases' start past the hook timeout. They run
          // after the server suites, two files at a time (vitest takes the projects of one group
          // in name order: the jsdom files first, then these two, the run's last ~80 s).
          name: 'gate',
          environment: 'node',
          include: GATE_SUITES,
          setupFiles: ['tests/helpers/repo-guard.ts'],
          globalSetup: ['tests/helpers/database-snapshots.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/{src,studio}/**/*.test.{ts,tsx}', 'tests/storefront/**/*.dom.test.ts'],
          exclude: ['**/*.node.test.ts', ...configDefaults.exclude],
          setupFiles: ['tests/helpers/repo-guard.ts', 'tests/helpers/dom-setup.ts'],
          // Generous: user-event journeys on a loaded 2-core machine take seconds.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // jsdom files keep a core busy: one per core, after the server suites (tried together
          // with them, 4 at a time: 515 s against 537 s, within noise, and more load on the journeys).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
