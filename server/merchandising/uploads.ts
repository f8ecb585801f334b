/**
 * How the rows of a merchandising upload land, inside the upload's one transaction
 * (`applyUpload`): each applier writes what the file says and answers the rows only the
 * database can refuse (an unknown product, a query without words, a repeated query).
 */
import type { UploadRejection } from '#contract/entities/upload.ts';
import type { Tx } from '../platform/db/client.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import type { ReceivedRow } from '../platform/uploads/receive.ts';
import { queryKey } from '../search/merchandising.ts';
import { knownProducts, upsertRedirect } from './lookups.ts';
import type { createMerchandisingRepository } from './rules.ts';
import type { SiteZone } from './site-zone.ts';
import type {
  AttributeRow,
  ModelRowIn,
  ProductRowIn,
  RecsRowIn,
  RedirectRowIn,
} from './upload-rows.ts';

type MerchandisingRepository = ReturnType<typeof createMerchandisingRepository>;

/** What an uploaded boost rule is unless its file says otherwise. */
const UPLOADED_BOOST = {
  fullMatch: false,
  multiplier: 1,
  status: true,
  startDate: null,
  endDate: null,
  ranking: true,
  autocomplete: false,
};

export function createMerchandisingUploads(repo: MerchandisingRepository) {
  return {
    /** One attribute boost rule per row. */
    attributeBoosts: (tx: Tx, site: SiteZone, actor: string, rows: ReceivedRow<AttributeRow>[]) =>
      repo.insertBoostRules(
        tx,
        site,
        actor,
        rows.map(({ row }) => ({
          name: row.boostName,
          query: row.query,
          input: {
            ...UPLOADED_BOOST,
            boostType: 'ATTRIBUTES',
            weight: row.weight,
            socket: null,
            attributeName: row.attributeName,
            filters: row.attributeValues,
          },
        })),
      ),

    /** Product boost rules: rows of one boostName and query make one rule. */
    async productBoosts(
      tx: Tx,
      site: SiteZone,
      actor: string,
      rows: ReceivedRow<ProductRowIn>[],
    ): Promise<UploadRejection[]> {
      const known = await knownProducts(
        tx,
        site.siteId,
        rows.map(({ row }) => row.productId),
      );
      const refused: UploadRejection[] = [];
      // One rule per boostName and query; the products in productIdOrder (from 0), then file order.
      const groups = new Map<string, { name: string; query: string; rows: ProductRowIn[] }>();
      for (const { line, row, id } of rows) {
        if (!known.has(row.productId)) {
          refused.push({ line, reason: `Unknown product ${row.productId}`, ...(id && { id }) });
          continue;
        }
        const key = `${row.boostName}\u0000${queryKey(row.query)}`;
        const group = groups.get(key) ?? { name: row.boostName, query: row.query, rows: [] };
        group.rows.push(row);
        groups.set(key, group);
      }
      await repo.insertBoostRules(
        tx,
        site,
        actor,
        [...groups.values()].map((group) => {
          const ordered = group.rows
            .map((row, index) => ({ row, index }))
            .sort(
              (a, b) =>
                (a.row.productIdOrder ?? 1e9) - (b.row.productIdOrder ?? 1e9) || a.index - b.index,
            );
          const orders = group.rows.flatMap((row) =>
            row.productIdOrder === undefined ? [] : [row.productIdOrder],
          );
          return {
            name: group.name,
            query: group.query,
            input: {
              ...UPLOADED_BOOST,
              boostType: 'PRODUCTS' as const,
              weight: 1,
              socket: orders.length ? Math.min(...orders) + 1 : null,
              attributeName: null,
              filters: [...new Set(ordered.map(({ row }) => row.productId))],
            },
          };
        }),
      );
      return refused;
    },

    /** Redirects, one per query (a query repeated in the file is refused), and one audit row. */
    async redirects(
      tx: Tx,
      siteId: number,
      actor: string,
      rows: ReceivedRow<RedirectRowIn>[],
    ): Promise<UploadRejection[]> {
      const refused: UploadRejection[] = [];
      const seen = new Map<string, number>();
      for (const { line, row, id } of rows) {
        const key = queryKey(row.query);
        if (!key) {
          refused.push({ line, reason: 'The query has no words', ...(id && { id }) });
          continue;
        }
        const earlier = seen.get(key);
        if (earlier !== undefined) {
          refused.push({
            line,
            reason: `The same query as line ${earlier}`,
            ...(id && { id }),
          });
          continue;
        }
        seen.set(key, line);
        await upsertRedirect(tx, {
          siteId,
          query: row.query,
          queryKey: key,
          url: row.url,
          mobileUrl: row.mobileUrl ?? null,
          name: row.name ?? null,
        });
      }
      await recordAudit(tx, {
        actor,
        action: 'upload',
        entity: 'redirect-rule',
        entityId: siteId,
        after: { queries: [...seen.keys()] },
      });
      return refused;
    },

    /** One new recommendation rule per row. */
    async recsRules(tx: Tx, site: SiteZone, actor: string, rows: ReceivedRow<RecsRowIn>[]) {
      for (const { row } of rows)
        await repo.saveRecs(
          site,
          {
            name: row.name,
            priority: row.priority,
            boostType: row.type,
            startDate: row.startDate,
            endDate: row.endDate ?? null,
            regionIds: row.regions,
            productIds: row.products,
            categories: row.categories,
            placements: row.placements,
            strategies: row.strategies,
          },
          actor,
          undefined,
          tx,
        );
    },

    /**
     * A custom model's lists: each query of the file gets the list of its known products, in
     * `position` order, then file order.
     */
    async modelLists(
      tx: Tx,
      siteId: number,
      modelId: number,
      actor: string,
      rows: ReceivedRow<ModelRowIn>[],
    ): Promise<UploadRejection[]> {
      const known = await knownProducts(
        tx,
        siteId,
        rows.map(({ row }) => row.productId),
      );
      const refused: UploadRejection[] = [];
      const lists = new Map<
        string,
        { query: string; entries: { row: ModelRowIn; index: number }[] }
      >();
      rows.forEach(({ line, row, id }, index) => {
        const key = queryKey(row.query);
        if (!key) refused.push({ line, reason: 'The query has no words', ...(id && { id }) });
        else if (!known.has(row.productId))
          refused.push({ line, reason: `Unknown product ${row.productId}`, ...(id && { id }) });
        else {
          const entry = lists.get(key) ?? { query: row.query, entries: [] };
          if (!entry.entries.some((e) => e.row.productId === row.productId))
            entry.entries.push({ row, index });
          lists.set(key, entry);
        }
      });
      await repo.replaceModelLists(
        tx,
        siteId,
        modelId,
        actor,
        new Map(
          [...lists].map(([key, value]) => [
            key,
            {
              query: value.query,
              productIds: value.entries
                .sort(
                  (a, b) => (a.row.position ?? 1e9) - (b.row.position ?? 1e9) || a.index - b.index,
                )
                .map((e) => e.row.productId),
            },
          ]),
        ),
      );
      return refused;
    },
  };
}
