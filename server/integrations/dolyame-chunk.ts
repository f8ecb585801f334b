/**
 * The storefront's Dolyame chunk (storefront/entries/dolyame.ts): a separate minified IIFE built
 * by esbuild once per process, content-hashed, served at /cdn/widgets/dolyame.{hash}.js, and
 * named by a site's loader only when the site enables the widget. It is never part of a site's
 * bundle, so the core runtime's size budget does not carry it.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { STOREFRONT_DIR } from '../publishing/bundle/runtime.ts';

export interface DolyameChunk {
  js: string;
  gzip: Buffer;
  hash: string;
}

let chunk: Promise<DolyameChunk> | null = null;

async function compile(): Promise<DolyameChunk> {
  const result = await build({
    entryPoints: [join(STOREFRONT_DIR, 'entries/dolyame.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
  });
  const js = result.outputFiles[0]?.text;
  if (!js) throw new Error('esbuild produced no Dolyame chunk');
  const hash = createHash('sha256').update(js).digest('hex').slice(0, 20);
  return { js, gzip: gzipSync(js, { level: 9 }), hash };
}

export function dolyameChunk(): Promise<DolyameChunk> {
  chunk ??= compile().catch((error: unknown) => {
    chunk = null;
    throw error;
  });
  return chunk;
}

/**
 * What a site's loader appends when the site enables the widget: a script tag for the chunk,
 * carrying the apiKey it reads its settings with, from the origin the loader came from.
 */
export async function dolyameLoaderPart(apiKey: string, fallbackOrigin: string): Promise<string> {
  const { hash } = await dolyameChunk();
  return `(function () {
  var d = document, w = window, s = d.currentScript;
  if (w.__digiDolyame) return;
  w.__digiDolyame = true;
  var origin = s && s.src ? s.src : ${JSON.stringify(fallbackOrigin)};
  var script = d.createElement('script');
  script.src = new URL(${JSON.stringify(`/cdn/widgets/dolyame.${hash}.js`)}, origin).href;
  script.async = true;
  script.setAttribute('data-api-key', ${JSON.stringify(apiKey)});
  (d.head || d.documentElement).appendChild(script);
})();
`;
}
