import { Readable, Transform, type TransformCallback } from 'node:stream';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import type { UploadFormat } from '#contract/entities/upload.ts';
import { HttpError } from '../lib/http-error.ts';

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
  const rest = Readable.from(
    (async function* () {
      if (head) yield* slices(head);
      for (let next = await chunks.next(); !next.done; next = await chunks.next())
        yield* slices(next.value);
    })(),
  );
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

async function* readXlsx(input: Readable): AsyncGenerator<TableLine> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
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
    if (line.cells.some((cell) => cell.includes('\u0000')))
      throw new HttpError(400, `Line ${line.line}: a cell holds a NUL character (binary data)`, {
        line: line.line,
      });
    yield line;
  }
}
