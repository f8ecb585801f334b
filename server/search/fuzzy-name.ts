/**
 * The fuzzy (typo) match of a product's name at the site's similarity cut: pg_trgm's `%>` and
 * `word_similarity` in the database, or the ids and similarities the name index measured
 * (name-index.ts) where it has them; the two answer the same.
 */
import { sql, type SQL } from 'drizzle-orm';
import { anyOf, arrayParam } from '../platform/db/any.ts';
import type { Matching } from './common.ts';
import { TRGM_THRESHOLD, type NameMatches } from './name-index.ts';

/** pg_trgm's `%>` threshold (word_similarity_threshold): the GIN index answers from it up. */
const TRGM_DEFAULT = 0.6;

/** Whether the site's cut is pg_trgm's own threshold (`%>`). */
const atDefault = (cut: number | undefined) =>
  cut === undefined || Math.abs(cut - TRGM_DEFAULT) < 1e-9;

/** The least word similarity of a fuzzy name match, as the database compares it. */
function fuzzyThreshold(cut: number | undefined): number {
  if (atDefault(cut)) return TRGM_THRESHOLD;
  return cut! > TRGM_DEFAULT ? Math.max(cut!, TRGM_THRESHOLD) : cut!;
}

/** What the name index measured for the text at the site's cut; null: the database measures. */
export function measuredNames(m: Matching, text: string): NameMatches | null {
  return m.names?.matches(text, fuzzyThreshold(m.cut?.typo)) ?? null;
}

/** The fuzzy (typo) match of the name at the site's similarity cut. */
export function fuzzyName(m: Matching, text: string): SQL {
  const cut = m.cut?.typo;
  const inDatabase = atDefault(cut)
    ? sql`p.name %> ${text}`
    : // Stricter than the operator's default: the index narrows, the cut decides.
      cut! > TRGM_DEFAULT
      ? sql`(p.name %> ${text} and word_similarity(${text}, p.name) >= ${cut}::float8)`
      : // Looser: every name is measured (no index can answer below its threshold).
        sql`word_similarity(${text}, p.name) >= ${cut}::float8`;
  const measured = measuredNames(m, text);
  if (!measured?.byIds) return inDatabase;
  const undecided = m.names!.index.undecided;
  // The list is read through a subquery so that the planner, which cannot count it, keeps the
  // index scans it planned for the trigram operator (a counted list of a few thousand ids made
  // it scan the whole catalog).
  const matched = sql`p.id = any((select ${arrayParam(measured.ids(), 'text')})::text[])`;
  return undecided.length
    ? sql`(${matched} or (${anyOf(sql`p.id`, undecided)} and ${inDatabase}))`
    : matched;
}
