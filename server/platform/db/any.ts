import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Membership tests with ONE bind parameter whatever the list's length: drizzle's
 * `inArray`/`notInArray` write `col in ($1, $2, …)`, a statement whose size and parse depth grow
 * with the input (a few hundred values broke the embedded engine). These pass the list as one
 * PostgreSQL array literal: `col = any($1::text[])`, `col <> all($1::text[])`.
 */
export type ArrayType =
  'text' | 'int' | 'bigint' | 'smallint' | 'float8' | 'numeric' | 'boolean' | 'jsonb';

/** A PostgreSQL array literal (`{"a","b\"c",NULL}`), passed as text: both drivers take it as is. */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  const items = values.map((value) => {
    if (value === null) return 'NULL';
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new TypeError(`Not a finite number: ${value}`);
      return String(value);
    }
    return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/** One array parameter: `$n::type[]`. */
export function arrayParam(values: readonly (string | number | null)[], type: ArrayType): SQL {
  return sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;
}

/** `column = any($1::type[])`: true when the column's value is one of `values` (false for none). */
export function anyOf(
  column: SQLWrapper,
  values: readonly (string | number)[],
  type: ArrayType = 'text',
): SQL {
  return sql`${column} = any(${arrayParam(values, type)})`;
}

/** `column <> all($1::type[])`: true when the column's value is none of `values` (true for none). */
export function noneOf(
  column: SQLWrapper,
  values: readonly (string | number)[],
  type: ArrayType = 'text',
): SQL {
  return sql`${column} <> all(${arrayParam(values, type)})`;
}
