/** The facet attributes' rules per category and the param facets of a search under them. */
import { and, eq, sql } from 'drizzle-orm';
import type { Facet, ParsedSearchFilter } from '#contract/public/search.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { facetAttributes } from '../platform/db/schema.ts';
import { booleanFacet, distinctFacet, rangesFacet, sliderFacet } from './facet-shapes.ts';

type QueryDb = Db | Tx;

export interface FacetRule {
  categoryId: string;
  attribute: string;
  state: 'SUGGESTED' | 'APPLY' | 'DISABLE';
  dataType: 'DISTINCT' | 'NUM_DISTINCT' | 'RANGES' | 'BOOLEAN' | 'SLIDER';
  booleanView: 'DEFAULT' | 'TRUE_ONLY' | 'FALSE_ONLY';
  sort: 'ASC' | 'DESC' | 'POPULARITY';
  position: number;
}

export async function facetRules(db: QueryDb, siteId: number): Promise<FacetRule[]> {
  return db
    .select({
      categoryId: facetAttributes.categoryId,
      attribute: facetAttributes.attribute,
      state: facetAttributes.state,
      dataType: facetAttributes.dataType,
      booleanView: facetAttributes.booleanView,
      sort: facetAttributes.sort,
      position: facetAttributes.position,
    })
    .from(facetAttributes)
    .where(and(eq(facetAttributes.siteId, siteId), sql`${facetAttributes.state} <> 'SUGGESTED'`));
}

type ParamRow = { name: string; value: string; unit: string | null; n: number };

/**
 * The param facets of a search under the facet rules: in a category (the selected `categoryId`,
 * its nearest ancestor with rules) exactly the applied attributes, in their order and with their
 * data type, sort and boolean view; elsewhere the automatic facets without the attributes applied
 * to some category (they belong there) and without the disabled ones.
 */
export function ruledParamFacets(
  rules: FacetRule[],
  categoryPath: string[] | null,
  rows: ParamRow[],
  automatic: Facet[],
  filters: ParsedSearchFilter[],
): Facet[] | null {
  if (!rules.length) return null;
  const byCategory = new Map<string, FacetRule[]>();
  for (const rule of rules)
    byCategory.set(rule.categoryId, [...(byCategory.get(rule.categoryId) ?? []), rule]);
  const chain = categoryPath ? [...categoryPath].reverse() : [];
  const context = chain.find((id) => byCategory.get(id)?.some((r) => r.state === 'APPLY'));
  const disabled = new Set(
    chain.flatMap((id) =>
      (byCategory.get(id) ?? []).filter((r) => r.state === 'DISABLE').map((r) => r.attribute),
    ),
  );
  if (!context) {
    const appliedSomewhere = new Set(
      rules.filter((r) => r.state === 'APPLY').map((r) => r.attribute),
    );
    return automatic.filter((f) => !appliedSomewhere.has(f.name) && !disabled.has(f.name));
  }
  const applied = byCategory
    .get(context)!
    .filter((r) => r.state === 'APPLY' && !disabled.has(r.attribute))
    .sort((a, b) => a.position - b.position || a.attribute.localeCompare(b.attribute));
  const out: Facet[] = [];
  for (const rule of applied) {
    const values = rows.filter((row) => row.name === rule.attribute);
    if (!values.length) continue;
    const selected = new Set(
      filters
        .filter((f) => f.facet === rule.attribute && f.kind === 'value')
        .map((f) => (f as { value: string }).value),
    );
    const range = filters.find((f) => f.facet === rule.attribute && f.kind === 'range');
    const unit = values.find((row) => row.unit)?.unit ?? null;
    const numbers = values
      .map((row) => ({ x: Number(row.value.replace(',', '.')), n: row.n }))
      .filter((v) => Number.isFinite(v.x));
    const head = { name: rule.attribute, title: rule.attribute, unit };
    if (rule.dataType === 'SLIDER' || rule.dataType === 'RANGES') {
      if (!numbers.length) continue;
      const min = Math.min(...numbers.map((v) => v.x));
      const max = Math.max(...numbers.map((v) => v.x));
      if (rule.dataType === 'SLIDER') {
        out.push(
          sliderFacet(
            head,
            { min, max },
            range?.kind === 'range' ? { min: range.min, max: range.max } : { min: null, max: null },
          ),
        );
        continue;
      }
      const step = (max - min) / 5 || 1;
      const ranges = Array.from({ length: 5 }, (_, i) => {
        const from = Math.round((min + step * i) * 100) / 100;
        const to = i === 4 ? null : Math.round((min + step * (i + 1)) * 100) / 100;
        const count = numbers
          .filter((v) => v.x >= from && (to === null || v.x < to))
          .reduce((sum, v) => sum + v.n, 0);
        const selected =
          !!range && range.kind === 'range' && range.min === from && range.max === to;
        return { from, to, count, selected };
      }).filter((r) => r.count > 0);
      out.push(rangesFacet(head, ranges));
      continue;
    }
    if (rule.dataType === 'BOOLEAN') {
      const truthy = (v: string) => /^(true|да|yes|1)$/i.test(v.trim());
      const t = values.filter((row) => truthy(row.value)).reduce((s, r) => s + r.n, 0);
      const f = values.filter((row) => !truthy(row.value)).reduce((s, r) => s + r.n, 0);
      out.push(
        booleanFacet(
          head,
          {
            trueCount: rule.booleanView === 'FALSE_ONLY' ? 0 : t,
            falseCount: rule.booleanView === 'TRUE_ONLY' ? 0 : f,
          },
          selected.size ? [...selected].some(truthy) : null,
        ),
      );
      continue;
    }
    const numeric = rule.dataType === 'NUM_DISTINCT';
    const key = (v: string) => Number(v.replace(',', '.'));
    const sorted = [...values].sort((a, b) =>
      rule.sort === 'POPULARITY'
        ? b.n - a.n || a.value.localeCompare(b.value, 'ru')
        : (rule.sort === 'ASC' ? 1 : -1) *
          (numeric ? key(a.value) - key(b.value) : a.value.localeCompare(b.value, 'ru')),
    );
    out.push(
      distinctFacet(
        head,
        numeric ? 'NUM_DISTINCT' : 'DISTINCT',
        sorted
          .slice(0, 100)
          .map((row) => ({ value: row.value, count: row.n, selected: selected.has(row.value) })),
      ),
    );
  }
  return out;
}
