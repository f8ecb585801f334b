import { Readable } from 'node:stream';
import { FeedError, type FeedSource } from './intake/feed-source.ts';
import { HttpError } from '../platform/http/http-error.ts';
import {
  readTable,
  type ReadTableOptions,
  type TableLine,
} from '../platform/uploads/read-table.ts';

/** Longest line of a CSV feed, in bytes: a feed that never ends a line fails instead of filling memory. */
export const MAX_LINE_BYTES = 1024 * 1024;

/**
 * A CSV feed's lines through the uploads module's table reader (papaparse, strict UTF-8 or
 * windows-1251), with the feed's guards: a line longer than MAX_LINE_BYTES, a cancel, and the
 * reader's refusals (invalid encoding) become FeedErrors; `onBytes` reports the bytes read.
 */
export async function* feedLines(
  source: FeedSource,
  options: Omit<ReadTableOptions, 'format'> & {
    signal?: AbortSignal;
    onBytes?: (bytes: number) => void;
  },
): AsyncGenerator<TableLine> {
  let bytes = 0;
  let sinceNewline = 0;
  async function* guarded(): AsyncGenerator<Uint8Array> {
    for await (const chunk of source.body) {
      if (options.signal?.aborted) throw new FeedError('The import was cancelled', 'cancelled');
      bytes += chunk.byteLength;
      const last = chunk.lastIndexOf(0x0a);
      sinceNewline = last === -1 ? sinceNewline + chunk.byteLength : chunk.byteLength - last - 1;
      if (sinceNewline > MAX_LINE_BYTES)
        throw new FeedError(
          `A line of the feed is longer than ${MAX_LINE_BYTES} bytes (after byte ${bytes}): not a CSV feed`,
          'field-too-long',
          { limit: MAX_LINE_BYTES },
        );
      options.onBytes?.(bytes);
      yield chunk;
    }
  }
  const input = Readable.from(guarded(), { objectMode: false });
  try {
    yield* readTable(input, {
      format: 'csv',
      ...(options.delimiter && { delimiter: options.delimiter }),
      ...(options.quoteChar && { quoteChar: options.quoteChar }),
      ...(options.escapeChar && { escapeChar: options.escapeChar }),
      encoding: options.encoding ?? 'utf-8',
    });
  } catch (error) {
    if (error instanceof HttpError)
      throw new FeedError(
        error.message,
        /encoding|UTF-8|text/i.test(error.message) ? 'invalid-utf8' : 'invalid',
      );
    throw error;
  } finally {
    input.destroy();
  }
}

const normalise = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/^\uFEFF/, '');

/** The index of a header column by name (case- and space-insensitively), or -1. */
export function columnIndex(header: readonly string[], name: string): number {
  const wanted = normalise(name);
  return wanted ? header.findIndex((cell) => normalise(cell) === wanted) : -1;
}
