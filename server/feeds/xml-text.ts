import { createDecoder, detectEncoding, type Decoder } from './intake/feed-decode.ts';
import { FeedError, type FeedSource } from './intake/feed-source.ts';

/** Bytes kept before the encoding is decided (the XML declaration lies within them). */
const HEAD_BYTES = 300;

/**
 * An XML feed's text, decoded as the YML importer decodes it (UTF-8 or windows-1251 from the
 * declaration; UTF-16/32 and other encodings refused, invalid UTF-8 fails), piece by piece.
 * `onBytes` reports the bytes read; a cancel through `signal` throws FeedError 'cancelled'.
 */
export async function* decodedText(
  source: FeedSource,
  options: { signal?: AbortSignal; onBytes?: (bytes: number) => void } = {},
): AsyncGenerator<string> {
  let decoder: Decoder | undefined;
  let head: Uint8Array = new Uint8Array(0);
  let bytes = 0;
  const cancelled = () => {
    if (options.signal?.aborted) throw new FeedError('The import was cancelled', 'cancelled');
  };
  for await (const chunk of source.body) {
    cancelled();
    bytes += chunk.byteLength;
    options.onBytes?.(bytes);
    if (decoder) {
      yield decoder.write(chunk);
      continue;
    }
    const joined = new Uint8Array(head.byteLength + chunk.byteLength);
    joined.set(head);
    joined.set(chunk, head.byteLength);
    if (joined.byteLength < HEAD_BYTES) {
      head = joined;
      continue;
    }
    decoder = createDecoder(detectEncoding(joined));
    yield decoder.write(joined);
  }
  cancelled();
  if (!decoder) {
    if (head.byteLength === 0) throw new FeedError('The feed is empty', 'empty');
    decoder = createDecoder(detectEncoding(head));
    yield decoder.write(head);
  }
  yield decoder.end();
}
