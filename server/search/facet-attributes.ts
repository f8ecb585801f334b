/** A category's facet attributes: the suggestions, the operator's decisions and their audit. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FacetAttribute, FacetDecision, FacetDiff } from '#contract/entities/search-config.ts';
import type { Db } from '../platform/db/client.ts';
import { facetAttributes } from '../platform/db/schema.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { notFound } from '../platform/http/http-error.ts';
import { run } from '../platform/db/sql.ts';
import { liveImport } from './common.ts';

export function toFacet(row: typeof facetAttributes.$inferSelect): FacetAttribute {
  return {
    categoryId: row.categoryId,
    attribute: row.attribute,
    state: row.state,
    dataType: row.dataType,
    booleanView: row.booleanView,
    sort: row.sort,
    position: row.position,
    products: row.products,
    coverage: row.coverage,
    parentCoverage: row.parentCoverage,
    distinctValues: row.distinctValues,
    score: row.score,
    topValues: row.topValues,
  };
}

export async function suggestedFacets(db: Db, siteId: number, query: { categoryId: string }) {
  return (
    await db
      .select()
      .from(facetAttributes)
      .where(
        and(eq(facetAttributes.siteId, siteId), eq(facetAttributes.categoryId, query.categoryId)),
      )
      .orderBy(
        sql`case ${facetAttributes.state} when 'APPLY' then 0 when 'SUGGESTED' then 1 else 2 end`,
        facetAttributes.position,
        desc(facetAttributes.score),
        facetAttributes.attribute,
      )
  ).map(toFacet);
}

export async function facetCounts(db: Db, siteId: number) {
  const { rows } = await run<{
    categoryId: string;
    suggested: number;
    applied: number;
    disabled: number;
  }>(
    db,
    sql`select category_id as "categoryId",
            (count(*) filter (where state = 'SUGGESTED'))::int as suggested,
            (count(*) filter (where state = 'APPLY'))::int as applied,
            (count(*) filter (where state = 'DISABLE'))::int as disabled
          from facet_attributes where site_id = ${siteId} group by category_id order by category_id`,
  );
  return rows;
}

export async function facetChildren(
  db: Db,
  siteId: number,
  query: { categoryId?: string | undefined },
) {
  const importId = await liveImport(db, siteId);
  if (importId === null) return [];
  const parent = query.categoryId ?? null;
  const { rows } = await run<{
    categoryId: string;
    name: string;
    hasChildren: boolean;
    products: number;
    suggested: number;
    applied: number;
    disabled: number;
  }>(
    db,
    sql`select c.id as "categoryId", c.name,
            exists (select 1 from catalog_categories k
                    where k.import_id = c.import_id and k.parent_id = c.id) as "hasChildren",
            (select count(*) from catalog_products p
              where p.import_id = c.import_id and c.id = any(p.category_path))::int as products,
            (select count(*) from facet_attributes f where f.site_id = ${siteId}
              and f.category_id = c.id and f.state = 'SUGGESTED')::int as suggested,
            (select count(*) from facet_attributes f where f.site_id = ${siteId}
              and f.category_id = c.id and f.state = 'APPLY')::int as applied,
            (select count(*) from facet_attributes f where f.site_id = ${siteId}
              and f.category_id = c.id and f.state = 'DISABLE')::int as disabled
          from catalog_categories c
          where c.import_id = ${importId}
            and ${parent === null ? sql`c.parent_id is null` : sql`c.parent_id = ${parent}`}
          order by c.name, c.id limit 500`,
  );
  if (!rows.length && parent !== null) {
    const [known] = (
      await run<{ id: string }>(
        db,
        sql`select id from catalog_categories where import_id = ${importId} and id = ${parent}`,
      )
    ).rows;
    if (!known) throw notFound('Category');
  }
  return rows;
}

export async function facetDiff(db: Db, siteId: number, query: { categoryId: string }) {
  const importId = await liveImport(db, siteId);
  if (importId === null) throw notFound('Category');
  const [category] = (
    await run<{ parentId: string | null }>(
      db,
      sql`select parent_id as "parentId" from catalog_categories
            where import_id = ${importId} and id = ${query.categoryId}`,
    )
  ).rows;
  if (!category) throw notFound('Category');
  const of = async (categoryId: string | null) =>
    categoryId === null
      ? []
      : db
          .select()
          .from(facetAttributes)
          .where(
            and(eq(facetAttributes.siteId, siteId), eq(facetAttributes.categoryId, categoryId)),
          );
  const here = new Map((await of(query.categoryId)).map((row) => [row.attribute, row]));
  const parent = new Map((await of(category.parentId)).map((row) => [row.attribute, row]));
  const out: FacetDiff[] = [];
  for (const attribute of [...new Set([...here.keys(), ...parent.keys()])].sort()) {
    const a = here.get(attribute);
    const b = parent.get(attribute);
    const change: FacetDiff['change'] | null = !b
      ? 'ONLY_HERE'
      : !a
        ? 'ONLY_PARENT'
        : a.state !== b.state
          ? 'STATE'
          : Math.abs(a.coverage - b.coverage) >= 0.1
            ? 'COVERAGE'
            : null;
    if (change)
      out.push({
        attribute,
        state: a?.state ?? null,
        parentState: b?.state ?? null,
        coverage: a?.coverage ?? null,
        parentCoverage: b?.coverage ?? null,
        change,
      });
  }
  return out;
}

export function applyFacet(db: Db, siteId: number, body: FacetDecision, user: { login: string }) {
  return db.transaction(async (tx) => {
    const key = and(
      eq(facetAttributes.siteId, siteId),
      eq(facetAttributes.categoryId, body.categoryId),
      eq(facetAttributes.attribute, body.attribute),
    );
    const [before] = await tx.select().from(facetAttributes).where(key).for('update');
    const fields = {
      state: body.mode,
      dataType: body.dataType,
      booleanView: body.booleanView,
      sort: body.sort,
      position: body.position,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(facetAttributes)
      .values({
        siteId: siteId,
        categoryId: body.categoryId,
        attribute: body.attribute,
        ...fields,
      })
      .onConflictDoUpdate({
        target: [facetAttributes.siteId, facetAttributes.categoryId, facetAttributes.attribute],
        set: fields,
      })
      .returning();
    await recordAudit(tx, {
      actor: user.login,
      action: before ? 'update' : 'create',
      entity: 'facet-attribute',
      entityId: `${siteId}:${body.categoryId}:${body.attribute}`,
      before: before ? toFacet(before) : null,
      after: body,
    });
    return toFacet(row!);
  });
}

export function resetFacet(
  db: Db,
  siteId: number,
  query: { categoryId: string; attribute: string },
  user: { login: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(facetAttributes)
      .set({ state: 'SUGGESTED', updatedAt: new Date() })
      .where(
        and(
          eq(facetAttributes.siteId, siteId),
          eq(facetAttributes.categoryId, query.categoryId),
          eq(facetAttributes.attribute, query.attribute),
        ),
      )
      .returning();
    if (!row) throw notFound('Facet attribute');
    await recordAudit(tx, {
      actor: user.login,
      action: 'update',
      entity: 'facet-attribute',
      entityId: `${siteId}:${query.categoryId}:${query.attribute}`,
      after: { state: 'SUGGESTED' },
    });
    return { ok: true as const };
  });
}
