import iconv from 'iconv-lite';
import { FeedError } from './feed-source.ts';

/** The encodings a YML feed may come in: UTF-8 and windows-1251, nothing else. */
export type FeedEncoding = 'utf-8' | 'windows-1251';

const ALIASES: Record<string, FeedEncoding> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'windows-1251': 'windows-1251',
  cp1251: 'windows-1251',
  'win-1251': 'windows-1251',
  win1251: 'windows-1251',
  'x-cp1251': 'windows-1251',
};

/** Reads the encoding named in the XML declaration (lower case; UTF-8 when none is named). */
export function declaredEncoding(head: Uint8Array): string {
  const text = new TextDecoder('latin1').decode(head.subarray(0, 300));
  const match = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?\s*<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(
    text,
  );
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

/**
 * The feed's encoding from its first bytes: a UTF-16/32 byte order mark or NUL bytes (UTF-16
 * without a mark) and any declared encoding other than UTF-8 and windows-1251 are refused.
 */
export function detectEncoding(head: Uint8Array): FeedEncoding {
  const [a, b] = head;
  const wide =
    (a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff) || head.subarray(0, 4).includes(0);
  if (wide)
    throw new FeedError(
      'The feed is in UTF-16 or UTF-32: only UTF-8 and windows-1251 are accepted',
      'encoding',
      { encoding: 'utf-16' },
    );
  const declared = declaredEncoding(head);
  const encoding = ALIASES[declared];
  if (!encoding)
    throw new FeedError(
      `The feed declares the encoding "${declared.slice(0, 40)}": only UTF-8 and windows-1251 are accepted`,
      'encoding',
      { encoding: declared.slice(0, 40) },
    );
  return encoding;
}

export interface Decoder {
  write(chunk: Uint8Array): string;
  end(): string;
}

/** A streaming decoder; invalid UTF-8 fails the import instead of becoming '�'. */
export function createDecoder(encoding: FeedEncoding): Decoder {
  if (encoding === 'utf-8') {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let offset = 0;
    const strict = (run: () => string, length: number) => {
      try {
        const text = run();
        offset += length;
        return text;
      } catch {
        throw new FeedError(
          `The feed is not valid UTF-8 (a bad byte sequence after byte ${offset}); declare its real encoding`,
          'invalid-utf8',
          { offset },
        );
      }
    };
    return {
      write: (chunk) => strict(() => decoder.decode(chunk, { stream: true }), chunk.byteLength),
      end: () => strict(() => decoder.decode(), 0),
    };
  }
  const decoder = iconv.getDecoder('win1251');
  return {
    write: (chunk) => decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)),
    end: () => decoder.end() ?? '',
  };
}
