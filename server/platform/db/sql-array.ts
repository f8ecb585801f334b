import { sql, type SQL } from 'drizzle-orm';

/**
 * One array parameter, as a PostgreSQL array literal both drivers pass through as text: with
 * `unnest($1::int[], $2::text[], …)` a statement has the same few parameters however many rows it
 * writes (PGlite returns nothing at ~300 bind parameters and hangs at ~500).
 * Cast it at the use site (`${arr(list)}::text[]`).
 */
export function arr(values: readonly (string | number | boolean | null)[]): SQL {
  const items = values.map((value) => {
    if (value === null) return 'NULL';
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
      return String(value);
    }
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return sql`${`{${items.join(',')}}`}`;
}
