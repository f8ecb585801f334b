/**
 * Builds the preview frame into the console's output: `studio-preview.html` and
 * `studio-preview/guest-<hash>.js`. The frame is sandboxed without allow-same-origin, so its
 * origin is opaque and a module script would be a CORS request with `Origin: null` that the
 * static server does not answer: the guest is a classic (IIFE) script instead.
 * Called by vite.config.ts after the console build.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');

/** The frame's page, and the path of its script, under the console's output folder. */
export const PREVIEW_PAGE = 'studio-preview.html';

/** The frame's page with its script at `scriptUrl`. */
export function previewPageHtml(scriptUrl: string): string {
  return readFileSync(join(here, 'studio-preview.html'), 'utf8').replace(
    '%GUEST_SCRIPT%',
    scriptUrl,
  );
}

/**
 * The page's CSP as an HTTP header: its meta CSP plus what only a header can say (`sandbox` even
 * when the page is opened unframed, `frame-ancestors`). server/app.ts sends the same.
 */
export function previewPageCsp(): string {
  const html = readFileSync(join(here, 'studio-preview.html'), 'utf8');
  const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
  if (meta === undefined) throw new Error('studio-preview.html has no meta CSP');
  return `sandbox allow-scripts; frame-ancestors 'self'; ${meta}`;
}

/** The guest script in memory (the dev server serves it: `npx vite` beside `npm run dev`). */
export async function bundlePreviewGuest(): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"development"' },
    build: {
      write: false,
      minify: false,
      sourcemap: 'inline',
      target: 'es2022',
      copyPublicDir: false,
      lib: { entry: join(here, 'main.ts'), formats: ['iife'], name: 'vitrinaPreview' },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((item) => item.type === 'chunk');
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error('the preview guest bundle is empty');
}

export async function buildPreviewGuest(outDir: string): Promise<string> {
  const scriptDir = join(outDir, 'studio-preview');
  rmSync(scriptDir, { recursive: true, force: true });
  mkdirSync(scriptDir, { recursive: true });
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: scriptDir,
      emptyOutDir: false,
      minify: true,
      sourcemap: true,
      target: 'es2022',
      copyPublicDir: false,
      lib: {
        entry: join(here, 'main.ts'),
        formats: ['iife'],
        name: 'vitrinaPreview',
        fileName: () => 'guest.js',
      },
    },
  });
  const code = readFileSync(join(scriptDir, 'guest.js'));
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 10);
  const name = `guest-${hash}.js`;
  renameSync(join(scriptDir, 'guest.js'), join(scriptDir, name));
  renameSync(join(scriptDir, 'guest.js.map'), join(scriptDir, `${name}.map`));
  writeFileSync(
    join(scriptDir, name),
    code
      .toString('utf8')
      .replace(/sourceMappingURL=guest\.js\.map/, `sourceMappingURL=${name}.map`),
  );
  writeFileSync(join(outDir, PREVIEW_PAGE), previewPageHtml(`/studio-preview/${name}`));
  return join(outDir, PREVIEW_PAGE);
}
