import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import * as z from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  neurocardRow,
  reviewRow,
  tableTagData,
  type MicroReview,
  type Neurocard,
  type Review,
  type ReviewRow,
  type TableTagData,
} from '#contract/entities/reviews.ts';
import type { UploadReport } from '#contract/entities/upload.ts';
import type { Database, Db, Tx } from '../platform/db/client.ts';
import { llmStore, productReviews } from '../platform/db/schema.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { containsPattern } from '../platform/db/like.ts';
import { applyUpload, receiveUpload, type UploadSpec } from '../platform/uploads/receive.ts';

/**
 * Table tags as written in a file: a JSON object, `tag: value; tag: value`, or AnyQuery's tag list
 * (stored as tag → signed count).
 */
export function parseTableTags(text: string | undefined): Record<string, string> | null | 'bad' {
  if (!text || !text.trim()) return null;
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    const parsed = anyQueryTags.safeParse(parseJson(trimmed));
    if (!parsed.success) return 'bad';
    return Object.fromEntries(
      parsed.data.map((tag) => [
        tag.tagName,
        `${tag.tagFocus === 'negative' ? '-' : ''}${tag.tagCount}`,
      ]),
    );
  }
  if (trimmed.startsWith('{')) {
    const value = parseJson(trimmed);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'bad';
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
  }
  const pairs = trimmed.split(';').map((part) => part.split(':'));
  if (pairs.some((pair) => pair.length < 2 || !pair[0]!.trim())) return 'bad';
  return Object.fromEntries(pairs.map(([key, ...rest]) => [key!.trim(), rest.join(':').trim()]));
}

/** AnyQuery's own tag list, as its exports write it. */
const anyQueryTags = z.array(tableTagData.extend({ tagName: z.string().trim().min(1) })).min(1);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const COUNT = /^([+-]?)(\d{1,9})$/;

/**
 * The tags whose value is a count, as AnyQuery lists them (a minus sign is a negative focus), the
 * most mentioned first.
 */
export function tagData(tags: Record<string, string> | null): TableTagData[] {
  const data = Object.entries(tags ?? {}).flatMap(([tagName, value]) => {
    const count = COUNT.exec(value.trim());
    if (!count) return [];
    return [
      {
        tagName,
        tagFocus: count[1] === '-' ? ('negative' as const) : ('positive' as const),
        tagCount: Number(count[2]),
      },
    ];
  });
  return data.sort((a, b) => b.tagCount - a.tagCount || a.tagName.localeCompare(b.tagName));
}

const REVIEW_SPEC: UploadSpec<ReviewRow> = {
  columns: {
    externalId: ['external_id', 'product', 'productId', 'id', 'offerId'],
    rating: ['rate', 'score', 'рейтинг', 'оценка'],
    reviewCount: ['review_count', 'count', 'reviews', 'отзывов', 'количество'],
    description: ['описание', 'snippet'],
    longDescription: ['long_description', 'полное описание'],
    tableTags: ['table_tags', 'tags', 'теги'],
  },
  required: ['externalId', 'rating', 'reviewCount'],
  row: reviewRow,
  idKey: 'externalId',
};

const NEUROCARD_SPEC: UploadSpec<{ key: string; value: string }> = {
  columns: { key: ['ключ', 'externalId', 'id'], value: ['значение', 'card', 'text'] },
  required: ['key', 'value'],
  row: neurocardRow,
  idKey: 'key',
};

const toReview = (row: typeof productReviews.$inferSelect): Review => ({
  externalId: row.externalId,
  rating: Number(row.rating),
  reviewCount: row.reviewCount,
  description: row.description,
  longDescription: row.longDescription,
  tableTags: (row.tableTags as Record<string, string> | null) ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

export function createReviewsRepository(database: Database) {
  const db = database.db;
  return {
    async list(siteId: number, search: string | undefined, limit: number, offset: number) {
      const where = and(
        eq(productReviews.siteId, siteId),
        search ? ilike(productReviews.externalId, containsPattern(search)) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(productReviews).where(where);
      const rows = await db
        .select()
        .from(productReviews)
        .where(where)
        .orderBy(asc(productReviews.externalId))
        .limit(limit)
        .offset(offset);
      return { total: total?.n ?? 0, items: rows.map(toReview) };
    },

    /** POST adds and updates; PUT (`replace`) also deletes the site's reviews not in the file. */
    async upload(
      request: FastifyRequest,
      siteId: number,
      actor: string,
      mode: 'merge' | 'replace',
    ): Promise<UploadReport> {
      const received = await receiveUpload(request, REVIEW_SPEC, {
        maxRows: request.server.env.UPLOAD_MAX_ROWS,
      });
      const apply = async (tx: Tx, rows: typeof received.rows) => {
        const refused: UploadReport['rejected'] = [];
        const seen = new Map<string, number>();
        const values = [];
        for (const { line, row, id } of rows) {
          const tags = parseTableTags(row.tableTags);
          if (tags === 'bad') {
            refused.push({
              line,
              reason: 'tableTags: a JSON object, AnyQuery\'s tag list or "tag: value; …"',
              ...(id && { id }),
            });
            continue;
          }
          if (seen.has(row.externalId)) {
            refused.push({
              line,
              reason: `externalId ${row.externalId} is already on line ${seen.get(row.externalId)}`,
              id: row.externalId,
            });
            continue;
          }
          seen.set(row.externalId, line);
          values.push({
            siteId,
            externalId: row.externalId,
            rating: row.rating,
            reviewCount: row.reviewCount,
            description: row.description ?? null,
            longDescription: row.longDescription ?? null,
            tableTags: tags,
          });
        }
        let removed = 0;
        if (mode === 'replace') {
          const gone = await tx
            .delete(productReviews)
            .where(eq(productReviews.siteId, siteId))
            .returning({ id: productReviews.externalId });
          removed = gone.length;
        }
        for (let i = 0; i < values.length; i += 1000) {
          await tx
            .insert(productReviews)
            .values(values.slice(i, i + 1000))
            .onConflictDoUpdate({
              target: [productReviews.siteId, productReviews.externalId],
              set: {
                rating: sql`excluded.rating`,
                reviewCount: sql`excluded.review_count`,
                description: sql`excluded.description`,
                longDescription: sql`excluded.long_description`,
                tableTags: sql`excluded.table_tags`,
                updatedAt: sql`now()`,
              },
            });
        }
        await recordAudit(tx, {
          actor,
          action: mode === 'replace' ? 'replace-upload' : 'upload',
          entity: 'reviews',
          entityId: siteId,
          after: { written: values.length, removedBefore: removed, refused: refused.length },
        });
        return refused;
      };
      if (mode === 'replace' && received.rows.length === 0)
        return { total: received.total, accepted: 0, rejected: received.rejected };
      return applyUpload(database, received, apply);
    },

    async remove(siteId: number, externalIds: string[], actor: string) {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(productReviews)
          .where(
            and(eq(productReviews.siteId, siteId), inArray(productReviews.externalId, externalIds)),
          )
          .returning({ id: productReviews.externalId });
        const deleted = new Set(gone.map((row) => row.id));
        if (deleted.size)
          await recordAudit(tx, {
            actor,
            action: 'delete',
            entity: 'reviews',
            entityId: siteId,
            before: { externalIds: [...deleted] },
          });
        return { deleted: deleted.size, missing: externalIds.filter((id) => !deleted.has(id)) };
      });
    },

    /** The public read (`/public/micro-reviews/reviews/get`), in the order asked, known ids only. */
    async publicReviews(
      siteId: number,
      body: {
        externalIds: string[];
        withDescription: boolean;
        withLongDescription: boolean;
        withTableTagsData: boolean;
      },
    ): Promise<MicroReview[]> {
      const rows = await db
        .select()
        .from(productReviews)
        .where(
          and(
            eq(productReviews.siteId, siteId),
            inArray(productReviews.externalId, body.externalIds),
          ),
        );
      const byId = new Map(rows.map((row) => [row.externalId, toReview(row)]));
      return [...new Set(body.externalIds)].flatMap((id) => {
        const r = byId.get(id);
        if (!r) return [];
        return [
          {
            externalId: r.externalId,
            description: (body.withDescription && r.description) || '',
            reviewsCount: r.reviewCount,
            longDescription: (body.withLongDescription && r.longDescription) || '',
            tableTagsData: body.withTableTagsData ? tagData(r.tableTags) : [],
            rating: r.rating,
            ...(body.withTableTagsData && r.tableTags && { tableTags: r.tableTags }),
          },
        ];
      });
    },

    async queryNeurocards(siteId: number, keys: string[]): Promise<Neurocard[]> {
      if (!keys.length) return [];
      const rows = await db
        .select()
        .from(llmStore)
        .where(and(eq(llmStore.siteId, siteId), inArray(llmStore.key, keys)));
      return rows.map((row) => ({
        key: row.key,
        value: row.value,
        updatedAt: row.updatedAt.toISOString(),
      }));
    },

    async listNeurocards(siteId: number, search: string | undefined, limit: number) {
      const where = and(
        eq(llmStore.siteId, siteId),
        search ? ilike(llmStore.key, containsPattern(search)) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(llmStore).where(where);
      const rows = await db
        .select()
        .from(llmStore)
        .where(where)
        .orderBy(desc(llmStore.updatedAt), asc(llmStore.key))
        .limit(limit);
      return {
        total: total?.n ?? 0,
        items: rows.map((row) => ({
          key: row.key,
          value: row.value,
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
    },

    async writeNeurocards(tx: Db | Tx, siteId: number, items: { key: string; value: string }[]) {
      const unique = [...new Map(items.map((item) => [item.key, item])).values()];
      for (let i = 0; i < unique.length; i += 1000)
        await tx
          .insert(llmStore)
          .values(unique.slice(i, i + 1000).map((item) => ({ siteId, ...item })))
          .onConflictDoUpdate({
            target: [llmStore.siteId, llmStore.key],
            set: { value: sql`excluded.value`, updatedAt: sql`now()` },
          });
      return unique.length;
    },

    async batchNeurocards(siteId: number, items: { key: string; value: string }[], actor: string) {
      return db.transaction(async (tx) => {
        const written = await this.writeNeurocards(tx, siteId, items);
        await recordAudit(tx, {
          actor,
          action: 'batch',
          entity: 'neurocards',
          entityId: siteId,
          after: { written },
        });
        return { written };
      });
    },

    async uploadNeurocards(
      request: FastifyRequest,
      siteId: number,
      actor: string,
    ): Promise<UploadReport> {
      const received = await receiveUpload(request, NEUROCARD_SPEC, {
        maxRows: request.server.env.UPLOAD_MAX_ROWS,
      });
      return applyUpload(database, received, async (tx, rows) => {
        const refused: UploadReport['rejected'] = [];
        const seen = new Map<string, number>();
        const items = [];
        for (const { line, row } of rows) {
          const first = seen.get(row.key);
          if (first !== undefined) {
            refused.push({
              line,
              reason: `key ${row.key} is already on line ${first}`,
              id: row.key,
            });
            continue;
          }
          seen.set(row.key, line);
          items.push(row);
        }
        const written = await this.writeNeurocards(tx, siteId, items);
        await recordAudit(tx, {
          actor,
          action: 'upload',
          entity: 'neurocards',
          entityId: siteId,
          after: { written },
        });
        return refused;
      });
    },

    async deleteNeurocards(siteId: number, keys: string[], actor: string) {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(llmStore)
          .where(and(eq(llmStore.siteId, siteId), inArray(llmStore.key, keys)))
          .returning({ key: llmStore.key });
        const deleted = new Set(gone.map((row) => row.key));
        if (deleted.size)
          await recordAudit(tx, {
            actor,
            action: 'delete',
            entity: 'neurocards',
            entityId: siteId,
            before: { keys: [...deleted] },
          });
        return {
          deleted: deleted.size,
          missing: [...new Set(keys)].filter((key) => !deleted.has(key)),
        };
      });
    },
  };
}
