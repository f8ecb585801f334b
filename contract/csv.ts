/**
 * The one CSV writer of every table the product exports (the console's report and query-list
 * downloads, the server's recommendations file). Cells a spreadsheet would run as a formula —
 * text starting with `=`, `+`, `-`, `@`, a tab or a carriage return — get a leading apostrophe and
 * are quoted: exported text comes from feeds and from the public storefront endpoints, so it is
 * attacker-controlled (`=HYPERLINK(…)`, `=1+cmd|…`). Numbers are written as numbers (a negative
 * number is not a formula).
 */

export type CsvCell = string | number | boolean | null | undefined;

/** How a spreadsheet of the user's language reads CSV: Russian Excel splits on ';' and reads '1,5'. */
export interface CsvDialect {
  /** @default ',' */
  delimiter: ',' | ';';
  /** @default '.' */
  decimal: '.' | ',';
}

export const CSV_DIALECTS = {
  en: { delimiter: ',', decimal: '.' },
  ru: { delimiter: ';', decimal: ',' },
} as const satisfies Record<string, CsvDialect>;

/** The dialect of a language ('ru' → ';' and decimal commas, others the English one). */
export const csvDialect = (language: string): CsvDialect =>
  language.startsWith('ru') ? CSV_DIALECTS.ru : CSV_DIALECTS.en;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would take for a formula, made inert with a leading apostrophe. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export interface CsvOptions {
  dialect?: CsvDialect;
  /** A UTF-8 byte order mark first, so Excel reads Cyrillic right (default true). */
  bom?: boolean;
  /** @default '\r\n' */
  newline?: '\r\n' | '\n';
}

/** CSV text of the rows: every text cell defused, quoted when it needs to be. */
export function toCsv(rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  const { delimiter, decimal } = options.dialect ?? CSV_DIALECTS.en;
  const cell = (value: CsvCell): string => {
    if (value === null || value === undefined) return '';
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return '';
      return decimal === ',' ? String(value).replace('.', ',') : String(value);
    }
    const raw = String(value);
    const text = defuseFormula(raw);
    const quoted =
      text !== raw || text.includes(delimiter) || /["\r\n]/.test(text) || /^\s|\s$/.test(text);
    return quoted ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const body = rows.map((row) => row.map(cell).join(delimiter)).join(options.newline ?? '\r\n');
  return (options.bom ?? true) ? `\uFEFF${body}` : body;
}
