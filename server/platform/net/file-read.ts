import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  aborted,
  FetchError,
  tooLarge,
  type FetchPolicy,
  type GuardedResponse,
} from './fetch-policy.ts';

/** `file://` only under DATA_DIR (the demo feed); symbolic links are followed before the check. */
export async function openFile(
  url: URL,
  policy: FetchPolicy,
  maxBytes: number,
  signal: AbortSignal | undefined,
): Promise<GuardedResponse> {
  const outside = () =>
    new FetchError(
      'file-outside-data-dir',
      'A file:// URL must name a file inside the data folder (DATA_DIR)',
    );
  let path: string;
  try {
    path = resolve(fileURLToPath(url));
  } catch {
    throw new FetchError('bad-url', 'Not a valid file:// URL');
  }
  const lexicalRoot = resolve(policy.dataDir);
  const root = await realpath(lexicalRoot).catch(() => lexicalRoot);
  const inside = (candidate: string) => candidate.startsWith(root + sep);
  // Refused before touching the disk, so nothing outside the folder is even looked at.
  if (!inside(path) && !path.startsWith(lexicalRoot + sep)) throw outside();
  const real = await realpath(path).catch(() => null);
  if (!real) throw new FetchError('file-not-found', 'The feed file does not exist');
  if (!inside(real)) throw outside();
  const info = await stat(real);
  if (!info.isFile()) throw new FetchError('file-not-found', 'The feed file does not exist');
  if (info.size > maxBytes) throw tooLarge(maxBytes);
  if (signal?.aborted) throw aborted();
  return {
    url: url.href,
    status: 200,
    headers: {},
    size: info.size,
    body: (async function* () {
      const stream = createReadStream(real, { highWaterMark: 256 * 1024 });
      let received = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          if (signal?.aborted) throw aborted();
          received += chunk.byteLength;
          if (received > maxBytes) throw tooLarge(maxBytes);
          yield chunk;
        }
      } finally {
        stream.destroy();
      }
    })(),
  };
}
