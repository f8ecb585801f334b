/**
 * pg_trgm's trigrams and `word_similarity` computed in the process, value for value: the typo
 * match of a search reads them from the name index (name-index.ts) instead of rechecking every
 * candidate name in the database. It follows contrib/pg_trgm/trgm_op.c (generate_trgm_only,
 * compact_trigram, calc_word_similarity with no flags) for the characters whose case and word
 * class are the same in every database we run on (ASCII and the Russian alphabet, in a UTF-8
 * database with a UTF-8 ctype); a text with any other character is `undecided` and left to the
 * database. tests/server/search/trigrams.test.ts compares the two on both databases.
 */

/** The CRC-32 table PostgreSQL's legacy CRC (pg_crc32_table) reads, reflected 0xEDB88320. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[i] = c >>> 0;
  }
  return table;
})();

/**
 * A trigram as pg_trgm keeps it: three one-byte characters as they are, any other three
 * characters as the first three bytes in memory of their legacy CRC-32 (little-endian: its low
 * three bytes). Both are packed first byte lowest, so a CRC that happens to equal three ASCII
 * characters is the same trigram here as there.
 */
function trigramCode(bytes: number[], from: number, to: number): number {
  if (to - from === 3) return bytes[from]! | (bytes[from + 1]! << 8) | (bytes[from + 2]! << 16);
  let crc = 0xffffffff;
  for (let i = from; i < to; i++)
    crc = (CRC_TABLE[((crc >>> 24) ^ bytes[i]!) & 0xff]! ^ (crc << 8)) >>> 0;
  return (crc ^ 0xffffffff) & 0xffffff;
}

/** What a character is to pg_trgm: part of a word (lowercased, as UTF-8 bytes), a separator, or unknown. */
function classify(code: number): number[] | 'separator' | 'unknown' {
  if (code >= 0x61 && code <= 0x7a) return [code];
  if (code >= 0x30 && code <= 0x39) return [code];
  if (code >= 0x41 && code <= 0x5a) return [code + 0x20];
  if (code < 0x80)
    return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d
      ? 'separator'
      : 'unknown';
  // а-я, then А-Я lowercased, ё and Ё: two bytes each in UTF-8.
  let lower = -1;
  if (code >= 0x0430 && code <= 0x044f) lower = code;
  else if (code >= 0x0410 && code <= 0x042f) lower = code + 0x20;
  else if (code === 0x0451 || code === 0x0401) lower = 0x0451;
  if (lower >= 0) return [0xc0 | (lower >> 6), 0x80 | (lower & 0x3f)];
  // « » ® ™ № and the no-break space are no word characters to either database.
  if (
    code === 0xab ||
    code === 0xbb ||
    code === 0xae ||
    code === 0x2122 ||
    code === 0x2116 ||
    code === 0xa0
  )
    return 'separator';
  return 'unknown';
}

/**
 * The trigrams of a text in pg_trgm's order (each word lowercased and padded, its trigrams left
 * to right), or null when the text has a character this module does not decide.
 */
export function trigramsOf(text: string): number[] | null {
  const codes: number[] = [];
  // Each character's bytes, the word so far padded as pg_trgm pads it.
  let bytes: number[] = [];
  let ends: number[] = [];
  const flush = () => {
    if (!ends.length) return;
    // The padding: two blanks before (already in), one after.
    bytes.push(0x20);
    ends.push(bytes.length);
    // Every character's end (the two blanks first): trigram k spans characters k to k + 2.
    const all = [1, 2, ...ends];
    for (let k = 0; k + 2 < all.length; k++)
      codes.push(trigramCode(bytes, k === 0 ? 0 : all[k - 1]!, all[k + 2]!));
    bytes = [];
    ends = [];
  };
  for (const character of text) {
    const kind = classify(character.codePointAt(0)!);
    if (kind === 'unknown') return null;
    if (kind === 'separator') {
      flush();
      continue;
    }
    // pg_trgm pads each word with two blanks before it and one after.
    if (!ends.length) bytes = [0x20, 0x20];
    bytes.push(...kind);
    ends.push(bytes.length);
  }
  flush();
  return codes;
}

/** A name's trigrams prepared for `wordSimilarity`: each position's local index, and the codes. */
export interface NameTrigrams {
  /** Per trigram in order, the index of its code in `codes`. */
  sequence: Uint16Array;
  /** The name's distinct trigram codes. */
  codes: Int32Array;
}

export function prepareName(trigrams: number[]): NameTrigrams {
  const index = new Map<number, number>();
  const sequence = new Uint16Array(trigrams.length);
  trigrams.forEach((code, i) => {
    let local = index.get(code);
    if (local === undefined) index.set(code, (local = index.size));
    sequence[i] = local;
  });
  return { sequence, codes: Int32Array.from(index.keys()) };
}

const f4 = Math.fround;

/** pg_trgm's CALCSML: a float4 division. */
const similarityOf = (count: number, ulen1: number, ulen2: number) =>
  f4(count / (ulen1 + ulen2 - count));

// Scratch space of `wordSimilarity`, grown to the longest name (it never awaits, so one will do).
let found = new Uint8Array(64);
let lastpos = new Int32Array(64);

/**
 * `word_similarity(query, name)`: the greatest similarity of the query's trigrams with an extent
 * of the name's, found as iterate_word_similarity finds it (the same greedy moves, float4 values).
 * `query` is the set of the query's distinct trigrams.
 */
export function wordSimilarity(query: ReadonlySet<number>, name: NameTrigrams): number {
  const ulen1 = query.size;
  const { sequence, codes } = name;
  if (found.length < codes.length) {
    found = new Uint8Array(codes.length * 2);
    lastpos = new Int32Array(codes.length * 2);
  }
  for (let local = 0; local < codes.length; local++) {
    found[local] = query.has(codes[local]!) ? 1 : 0;
    lastpos[local] = -1;
  }
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < sequence.length; i++) {
    const index = sequence[i]!;
    if (lower >= 0 || found[index]) {
      if (lastpos[index]! < 0) {
        ulen2++;
        if (found[index]) count++;
      }
      lastpos[index] = i;
    }
    if (!found[index]) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = similarityOf(count, ulen1, ulen2);
    // Also try to move the lower bound for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const previousLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const candidate = similarityOf(tmpCount, ulen1, tmpUlen2);
      if (candidate > current) {
        current = candidate;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const at = sequence[tmpLower]!;
      if (lastpos[at] === tmpLower) {
        tmpUlen2--;
        if (found[at]) tmpCount--;
      }
    }
    if (current > best) best = current;
    for (let tmpLower = previousLower; tmpLower < lower; tmpLower++) {
      const at = sequence[tmpLower]!;
      if (lastpos[at] === tmpLower) lastpos[at] = -1;
    }
  }
  return best;
}
