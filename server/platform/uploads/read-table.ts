import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import type { UploadFormat } from '#contract/entities/upload.ts';
import { HttpError } from '../http/http-error.ts';

/** One line of an uploaded table: its 1-based line number in the file and its cells as text. */
export interface TableLine {
  line: number;
  cells: string[];
}

export interface ReadTableOptions {
  format: UploadFormat;
  /** CSV only: the cell delimiter; empty or absent detects it (`;`, `,`, tab). */
  delimiter?: string;
  /** CSV only. */
  quoteChar?: string;
  /** CSV only. */
  escapeChar?: string;
  /** CSV only: the text encoding of the file. */
  encoding?: 'utf-8' | 'windows-1251';
}

/** Decodes a byte stream to text without splitting a character across chunks; refuses invalid UTF-8. */
function decoder(encoding: 'utf-8' | 'windows-1251'): Transform {
  const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: false });
  const decode = (chunk: Buffer | undefined, stream: boolean): string => {
    try {
      return text.decode(chunk, { stream });
    } catch {
      throw new HttpError(
        400,
        `The file is not valid ${encoding === 'utf-8' ? 'UTF-8' : encoding} text`,
      );
    }
  };
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      try {
        done(null, decode(chunk, true));
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        done(null, decode(undefined, false));
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** Most cells one line may hold: a row of millions of empty cells costs hundreds of MB parsed. */
export const MAX_CELLS_PER_LINE = 1000;
/** Longest cell (characters): a review's text fits many times over. */
export const MAX_CELL_CHARS = 100_000;
/**
 * Most bytes one part of a workbook (its shared strings, its sheet) may unpack to: a 1 MB .xlsx
 * can hold 100 M characters of shared strings, all kept in memory while the sheet is read.
 */
export const XLSX_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

/**
 * Counts the delimiters of each physical line before the CSV parser builds its rows and refuses
 * (413) a line with more than MAX_CELLS_PER_LINE cells, while it streams: the parser would hold
 * the whole row first. Quoted delimiters count too (a line of 1 000 quoted ones is no table).
 */
function cellCap(delimiter: string): Transform {
  let line = 1;
  let cells = 1;
  return new Transform({
    transform(chunk: string | Buffer, _encoding, done: TransformCallback) {
      const text = chunk.toString();
      for (let i = 0; i < text.length; i++) {
        const char = text[i];
        if (char === '\n') {
          line += 1;
          cells = 1;
        } else if (char === delimiter && ++cells > MAX_CELLS_PER_LINE) {
          done(
            new HttpError(413, `Line ${line} has more than ${MAX_CELLS_PER_LINE} cells`, {
              line,
              maxCells: MAX_CELLS_PER_LINE,
            }),
          );
          return;
        }
      }
      done(null, text);
    },
  });
}

const GUESSED_DELIMITERS = [';', ',', '\t', '|'] as const;

/** The delimiter that splits the header line most often outside quotes (`;` on a tie: Russian Excel). */
function guessDelimiter(header: string): string {
  const counts = new Map<string, number>(GUESSED_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: string = GUESSED_DELIMITERS[0];
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

const PARSE_SLICE = 16_384;

function* slices(text: string): Generator<string> {
  for (let start = 0; start < text.length; start += PARSE_SLICE)
    yield text.slice(start, start + PARSE_SLICE);
}

async function* readCsv(input: Readable, options: ReadTableOptions): AsyncGenerator<TableLine> {
  const text = input.pipe(decoder(options.encoding ?? 'utf-8'));
  text.setEncoding('utf8');
  input.on('error', (error) => text.destroy(error));
  const chunks = text[Symbol.asyncIterator]() as AsyncIterator<string>;
  // Read up to the end of the header line to choose the delimiter, then parse the whole text.
  let head = '';
  while (!head.includes('\n') && head.length < 65_536) {
    const next = await chunks.next();
    if (next.done) break;
    head += next.value;
  }
  const delimiter = options.delimiter || guessDelimiter(head.split('\n', 1)[0] ?? '');
  // Papaparse's stream pauses every few rows (its readable side holds 16) and, on resuming, copies
  // what is left of the chunk it was parsing: a chunk of many rows costs quadratic time. A body
  // handed over in one piece (app.inject, a file read whole) took minutes for 100 000 rows, so
  // the text goes in slices of at most PARSE_SLICE characters.
  const sliced = Readable.from(
    (async function* () {
      if (head) yield* slices(head);
      for (let next = await chunks.next(); !next.done; next = await chunks.next())
        yield* slices(next.value);
    })(),
  );
  const rest = sliced.pipe(cellCap(delimiter));
  sliced.on('error', (error) => rest.destroy(error));
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    delimiter,
    ...(options.quoteChar && { quoteChar: options.quoteChar }),
    ...(options.escapeChar && { escapeChar: options.escapeChar }),
    skipEmptyLines: false,
  }) as unknown as NodeJS.ReadWriteStream;
  rest.on('error', (error) => parser.emit('error', error));
  rest.pipe(parser);
  let line = 0;
  for await (const row of parser as AsyncIterable<string[]>) {
    line += 1;
    if (row.length === 1 && row[0] === '') continue;
    yield { line, cells: row.map((cell) => cell.trim()) };
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('error' in value) return '';
  }
  return String(value as string | number | boolean);
}

/** Passes an unpacked part of a workbook through, failing it (413) past XLSX_MAX_UNPACKED_BYTES. */
function unpackedCap(): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      bytes += chunk.length;
      if (bytes > XLSX_MAX_UNPACKED_BYTES)
        done(
          new HttpError(
            413,
            `The workbook unpacks to more than ${XLSX_MAX_UNPACKED_BYTES / 1024 / 1024} MB in one part`,
            { maxUnpackedBytes: XLSX_MAX_UNPACKED_BYTES },
          ),
        );
      else done(null, chunk);
    },
  });
}

async function* capped(iterator: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of iterator) {
    bytes += chunk.length;
    if (bytes > XLSX_MAX_UNPACKED_BYTES)
      throw new HttpError(
        413,
        `The workbook unpacks to more than ${XLSX_MAX_UNPACKED_BYTES / 1024 / 1024} MB in one part`,
        { maxUnpackedBytes: XLSX_MAX_UNPACKED_BYTES },
      );
    yield chunk;
  }
}

/**
 * exceljs's own unzipper (its dependency, not ours), and its loop over a stream's chunks, which
 * turns the unzipper's errors into a rejection (the unzipper is no Node stream to `for await`).
 */
const fromExceljs = createRequire(createRequire(import.meta.url).resolve('exceljs'));
const unzipper = fromExceljs('unzipper') as {
  Parse(options: { forceStream: true }): NodeJS.ReadWriteStream;
};
const iterateStream = fromExceljs('./lib/utils/iterate-stream') as <T>(
  stream: NodeJS.ReadableStream,
) => AsyncIterable<T>;
interface ZipEntry extends Readable {
  path: string;
  autodrain(): void;
}

/** The parts of exceljs's WorkbookReader (4.x, lib/stream/xlsx/workbook-reader.js) `parse` drives. */
interface ReaderInternals {
  input: Readable;
  sharedStrings?: unknown[];
  workbookRels?: unknown[];
  _getStream(input: Readable): Readable;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<ReaderEvent>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<Buffer>, sheetNo: string): Generator<ReaderEvent>;
}
type ReaderEvent = { eventType: string; value: unknown };

/**
 * exceljs's streaming reader with every part it unpacks capped at XLSX_MAX_UNPACKED_BYTES: the
 * shared strings (kept in memory whole), each sheet, and a sheet stored before the shared strings
 * (Excel's usual order), which exceljs writes to a temporary file first — here through the cap,
 * so a 1 MB workbook cannot fill the disk either. `parse` is exceljs's own loop with those caps;
 * tests/server/platform/uploads/uploads-limits.test.ts reads real and hostile workbooks through it.
 */
class CappedWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  override async *parse(): AsyncGenerator<ReaderEvent> {
    const reader = this as unknown as ReaderInternals;
    const zip = unzipper.Parse({ forceStream: true });
    const stream = reader._getStream(reader.input);
    stream.on('error', (error) => zip.emit('error', error));
    stream.pipe(zip);
    // No await before the loop below: it is what listens for the unzipper's errors, which a
    // broken file raises at once; the temporary folder is made when a sheet needs it.
    let dir: string | undefined;
    const waiting: { sheetNo: string; path: string }[] = [];
    try {
      for await (const entry of iterateStream<ZipEntry>(zip)) {
        const sheet = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(entry.path)?.[1];
        if (entry.path === 'xl/_rels/workbook.xml.rels') await reader._parseRels(entry);
        else if (entry.path === 'xl/workbook.xml') await reader._parseWorkbook(entry);
        else if (entry.path === 'xl/sharedStrings.xml')
          yield* reader._parseSharedStrings(capStream(entry));
        else if (entry.path === 'xl/styles.xml') await reader._parseStyles(entry);
        else if (sheet && reader.sharedStrings && reader.workbookRels)
          yield* reader._parseWorksheet(capped(entry), sheet);
        else if (sheet) {
          dir ??= await mkdtemp(join(tmpdir(), 'vitrina-xlsx-'));
          const path = join(dir, `sheet${sheet}.xml`);
          await pipeline(entry, unpackedCap(), createWriteStream(path));
          waiting.push({ sheetNo: sheet, path });
        }
        entry.autodrain();
      }
      for (const { sheetNo, path } of waiting)
        yield* reader._parseWorksheet(createReadStream(path), sheetNo);
    } finally {
      stream.unpipe(zip);
      stream.resume();
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }
}

/** A stream through the unpacked-size cap, its source's errors passed on. */
function capStream(entry: Readable): Readable {
  const guarded = entry.pipe(unpackedCap());
  entry.on('error', (error) => guarded.destroy(error));
  return guarded;
}

async function* readXlsx(input: Readable): AsyncGenerator<TableLine> {
  const workbook = new CappedWorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  try {
    for await (const worksheet of workbook) {
      // The first sheet is the table; the rest of the workbook is not read.
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        const cells = values.slice(1).map((value) => cellText(value).trim());
        if (cells.every((cell) => cell === '')) continue;
        yield { line: row.number, cells };
      }
      return;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'The file is not a readable Excel workbook (.xlsx)');
  }
}

/**
 * Reads an uploaded table line by line without holding the file in memory: CSV through
 * papaparse's stream parser, XLSX through exceljs's streaming workbook reader.
 */
/**
 * A JSON upload: an array of objects, read whole (the upload's size limit bounds it). The union
 * of the objects' keys is the header (line 1); object n is line n + 1. Text cells stay text;
 * numbers and booleans are written out; arrays and objects become their JSON text.
 */
async function* readJson(input: Readable): AsyncGenerator<TableLine> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(chunk as Buffer);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, 'The file is not valid UTF-8 text');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, `The file is not valid JSON: ${(error as Error).message}`);
  }
  if (
    !Array.isArray(value) ||
    value.some((item) => typeof item !== 'object' || item === null || Array.isArray(item))
  )
    throw new HttpError(400, 'A JSON upload is an array of objects, one per row');
  const rows = value as Record<string, unknown>[];
  const header = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  yield { line: 1, cells: header };
  const cell = (v: unknown): string =>
    v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  for (const [index, row] of rows.entries())
    yield { line: index + 2, cells: header.map((key) => cell(row[key])) };
}

function rawTable(input: Readable, options: ReadTableOptions): AsyncGenerator<TableLine> {
  if (options.format === 'json') return readJson(input);
  return options.format === 'xlsx' ? readXlsx(input) : readCsv(input, options);
}

/**
 * The table's lines, whatever the format. A NUL character is refused with a 400 naming its line:
 * no text cell holds one (it is a binary file), and the database refuses it in text.
 */
export async function* readTable(
  input: Readable,
  options: ReadTableOptions,
): AsyncGenerator<TableLine> {
  for await (const line of rawTable(input, options)) {
    if (line.cells.length > MAX_CELLS_PER_LINE)
      throw new HttpError(413, `Line ${line.line} has more than ${MAX_CELLS_PER_LINE} cells`, {
        line: line.line,
        maxCells: MAX_CELLS_PER_LINE,
      });
    if (line.cells.some((cell) => cell.length > MAX_CELL_CHARS))
      throw new HttpError(
        413,
        `Line ${line.line}: a cell is longer than ${MAX_CELL_CHARS.toLocaleString('en')} characters`,
        { line: line.line, maxCellChars: MAX_CELL_CHARS },
      );
    if (line.cells.some((cell) => cell.includes('\u0000')))
      throw new HttpError(400, `Line ${line.line}: a cell holds a NUL character (binary data)`, {
        line: line.line,
      });
    yield line;
  }
}
