import { extname } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type * as z from 'zod';
import type { UploadFormat, UploadRejection, UploadReport } from '#contract/entities/upload.ts';
import type { Database, Tx } from '../db/client.ts';
import { HttpError } from '../http/http-error.ts';
import { readTable, type ReadTableOptions } from './read-table.ts';

/** How one kind of upload maps a table to typed rows. */
export interface UploadSpec<Row> {
  /**
   * The columns, by the row key they fill: each lists the header names accepted for it (compared
   * case- and space-insensitively). Without a header row (`header: false`) columns are positional.
   */
  columns: Record<string, readonly string[]>;
  /** Keys whose column must be present in the header. */
  required?: readonly string[];
  /** Validates one row (cells are strings; an empty cell is absent). */
  row: z.ZodType<Row>;
  /** Whether the first line names the columns (default true). */
  header?: boolean;
  /** The key whose cell identifies a row in the report's ids (a rule id, a product id). */
  idKey?: string;
  /** CSV options of this kind of upload (delimiter, quote, escape, encoding). */
  csv?: Omit<ReadTableOptions, 'format'>;
}

/**
 * A kind of upload whose file says its own layout: the spec is picked from the header row's cells
 * (the boost rules' file, by attributes or by products). Always read with a header row.
 */
export interface UploadSpecByHeader<Row> {
  byHeader: (header: readonly string[]) => UploadSpec<Row>;
  csv?: Omit<ReadTableOptions, 'format'>;
}

/** Whether a header row names one of the names accepted for a column (as `columns` compares them). */
export function hasColumn(header: readonly string[], names: readonly string[]): boolean {
  const wanted = new Set(names.map(normalise));
  return header.some((name) => wanted.has(normalise(name)));
}

export interface ReceivedRow<Row> {
  line: number;
  row: Row;
  id?: string;
}

export interface ReceivedUpload<Row> {
  /** The form fields sent beside the file (`vertical`, `enableOnSiteId`, `disableOther` …). */
  fields: Record<string, string>;
  /** Rows that passed validation, in file order. */
  rows: ReceivedRow<Row>[];
  /** Rows that did not, with line and reason. */
  rejected: UploadRejection[];
  /** Data rows in the file. */
  total: number;
}

export interface UploadLimits {
  maxRows: number;
}

const FILE_FIELD = 'file';

function formatOf(filename: string): UploadFormat {
  const extension = extname(filename).toLowerCase();
  if (extension === '.xlsx') return 'xlsx';
  if (extension === '.json') return 'json';
  if (extension === '.csv' || extension === '.txt' || extension === '') return 'csv';
  throw new HttpError(
    415,
    `Unsupported file type ${extension}: upload a .csv, .xlsx or .json file`,
  );
}

const normalise = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

function columnIndexes(spec: UploadSpec<unknown>, header: string[] | null): Map<string, number> {
  const keys = Object.keys(spec.columns);
  if (!header) return new Map(keys.map((key, index) => [key, index]));
  const positions = new Map(header.map((name, index) => [normalise(name), index]));
  const found = new Map<string, number>();
  for (const key of keys) {
    const names = [key, ...(spec.columns[key] ?? [])].map(normalise);
    const index = names.map((name) => positions.get(name)).find((i) => i !== undefined);
    if (index !== undefined) found.set(key, index);
  }
  const missing = (spec.required ?? []).filter((key) => !found.has(key));
  if (missing.length) {
    const names = missing.map((key) => spec.columns[key]?.[0] ?? key);
    throw new HttpError(400, `The file has no column ${names.join(', ')}`, { missing: names });
  }
  return found;
}

/** The report names a refused row; it never echoes a whole cell back (a cell may be 100 000 characters). */
const REPORT_TEXT_CHARS = 200;
const clip = (text: string) =>
  text.length > REPORT_TEXT_CHARS ? `${text.slice(0, REPORT_TEXT_CHARS - 1)}…` : text;

function reasonOf(error: z.ZodError): string {
  return clip(
    error.issues
      .map((issue) =>
        issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
      )
      .join('; '),
  );
}

function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Reads a multipart upload (one `file` part and form fields) streaming: the table is parsed line
 * by line, each row validated by the spec's zod schema. A file over the size or row limit, of an
 * unknown type, or without a required column is refused whole (4xx, nothing applied).
 */
export async function receiveUpload<Row>(
  request: FastifyRequest,
  kind: UploadSpec<Row> | UploadSpecByHeader<Row>,
  limits: UploadLimits,
): Promise<ReceivedUpload<Row>> {
  const byHeader = 'byHeader' in kind ? kind.byHeader : null;
  let spec: UploadSpec<Row> | null = byHeader ? null : (kind as UploadSpec<Row>);
  if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data');
  const fields: Record<string, string> = {};
  const rows: ReceivedRow<Row>[] = [];
  const rejected: UploadRejection[] = [];
  let total = 0;
  let sawFile = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== FILE_FIELD || sawFile) {
        part.file.resume();
        throw new HttpError(400, `Send one file, in the field "${FILE_FIELD}"`);
      }
      if (!part.filename) {
        // A file input left empty sends a part without a file name: no file was chosen.
        part.file.resume();
        break;
      }
      sawFile = true;
      const format = formatOf(part.filename);
      let indexes: Map<string, number> | null =
        spec?.header === false ? columnIndexes(spec, null) : null;
      try {
        for await (const { line, cells } of readTable(part.file, { format, ...kind.csv })) {
          if (!indexes || !spec) {
            spec ??= byHeader!(cells);
            indexes = columnIndexes(spec, cells);
            continue;
          }
          total += 1;
          if (total > limits.maxRows) {
            throw new HttpError(413, `The file has more than ${limits.maxRows} rows`, {
              maxRows: limits.maxRows,
            });
          }
          const raw: Record<string, string> = {};
          for (const [key, index] of indexes) {
            const cell = cells[index];
            if (cell !== undefined && cell !== '') raw[key] = cell;
          }
          const id = spec.idKey ? raw[spec.idKey] : undefined;
          const parsed = spec.row.safeParse(raw);
          if (parsed.success) rows.push({ line, row: parsed.data, ...(id && { id }) });
          else rejected.push({ line, reason: reasonOf(parsed.error), ...(id && { id: clip(id) }) });
        }
      } catch (error) {
        // A cut-off file fails the parser first (a broken zip, an unclosed quote): say what happened.
        if (part.file.truncated) throw fileTooLarge(request);
        throw error;
      }
      if (part.file.truncated) throw fileTooLarge(request);
    }
  } catch (error) {
    if (isFileTooLarge(error)) throw fileTooLarge(request);
    throw error;
  }
  if (!sawFile) throw new HttpError(400, `Send the file in the field "${FILE_FIELD}"`);
  return { fields, rows, rejected, total };
}

function fileTooLarge(request: FastifyRequest): HttpError {
  const maxBytes = request.server.env.UPLOAD_MAX_BYTES;
  return new HttpError(413, `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`, {
    maxBytes,
  });
}

/**
 * Applies the accepted rows of an upload in one transaction and answers the report. The applier
 * may refuse rows for reasons only the database knows (an unknown product, a duplicate) by
 * returning them; anything it throws rolls the whole upload back.
 */
export async function applyUpload<Row>(
  database: Database,
  received: ReceivedUpload<Row>,
  apply: (tx: Tx, rows: ReceivedRow<Row>[]) => Promise<UploadRejection[] | void>,
): Promise<UploadReport> {
  const refused = received.rows.length
    ? ((await database.db.transaction((tx) => apply(tx, received.rows))) ?? [])
    : [];
  const rejected = [
    ...received.rejected,
    ...refused.map((r) => ({ ...r, reason: clip(r.reason), ...(r.id && { id: clip(r.id) }) })),
  ].sort((a, b) => a.line - b.line);
  return { total: received.total, accepted: received.rows.length - refused.length, rejected };
}
