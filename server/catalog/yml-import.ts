import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { SaxesParser } from 'saxes';
import type { Db, Tx } from '../db/client.ts';
import {
  catalogCategories,
  catalogImports,
  catalogOffers,
  catalogs,
  catalogWords,
  type CatalogParam,
} from '../db/schema.ts';
import { createFeedRepository } from '../repositories/feeds.ts';
import { run } from './sql.ts';

/** Rows per INSERT while staging (≈ 1000 offers × 17 columns stays under the 65 535 parameters). */
const BATCH = 1000;
/** Problems listed in the job result; the count covers them all. */
const MAX_PROBLEMS = 200;

export interface ImportProblem {
  offerId: string | null;
  line: number;
  message: string;
}

export interface ImportSummary {
  importId: number;
  /** Offers imported (the ones with problems are skipped). */
  offers: number;
  products: number;
  categories: number;
  skipped: number;
  problems: ImportProblem[];
  problemCount: number;
  /** Offers of the live catalog the new feed would remove. */
  removed: number;
  /** Offers of the live catalog before this import. */
  previous: number;
  /** True when the feed would remove more than half of the live catalog: waiting for a confirmation. */
  held: boolean;
  applied: boolean;
  encoding: string;
  bytes: number;
  seconds: number;
}

export class FeedError extends Error {}

/** Reads the encoding named in the XML declaration; YML feeds come in UTF-8 or windows-1251. */
export function declaredEncoding(head: Uint8Array): string {
  const text = new TextDecoder('latin1').decode(head.subarray(0, 300));
  const match = /^\s*<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(text);
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

interface Decoder {
  write(chunk: Uint8Array): string;
  end(): string;
}

function decoderFor(encoding: string): Decoder {
  if (encoding === 'utf-8' || encoding === 'utf8') {
    const decoder = new TextDecoder('utf-8');
    return {
      write: (chunk) => decoder.decode(chunk, { stream: true }),
      end: () => decoder.decode(),
    };
  }
  if (!iconv.encodingExists(encoding)) throw new FeedError(`Unsupported feed encoding ${encoding}`);
  const decoder = iconv.getDecoder(encoding);
  return {
    write: (chunk) => decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)),
    end: () => decoder.end() ?? '',
  };
}

export interface FeedSource {
  body: AsyncIterable<Uint8Array>;
  /** Size in bytes when known, for the progress. */
  size: number;
}

/** Opens a feed URL as a byte stream: http(s) through fetch, `file://` from the disk. */
export async function openFeed(url: string): Promise<FeedSource> {
  if (url.startsWith('file:')) {
    const path = fileURLToPath(url);
    const info = await stat(path).catch(() => null);
    if (!info) throw new FeedError(`Feed file not found: ${path}`);
    return { body: createReadStream(path, { highWaterMark: 256 * 1024 }), size: info.size };
  }
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(30 * 60_000) });
  } catch (error) {
    throw new FeedError(`Feed download failed: ${(error as Error).message}`);
  }
  if (!response.ok || !response.body)
    throw new FeedError(`Feed download failed: HTTP ${response.status}`);
  return {
    body: response.body as unknown as AsyncIterable<Uint8Array>,
    size: Number(response.headers.get('content-length')) || 0,
  };
}

interface RawCategory {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
}

interface CategoryInfo {
  pathIds: string[];
  pathNames: string[];
}

interface OfferDraft {
  line: number;
  id: string | null;
  groupId: string | null;
  available: boolean;
  fields: Record<string, string>;
  pictures: string[];
  params: CatalogParam[];
}

type OfferRow = typeof catalogOffers.$inferInsert;

const WORD = /[0-9a-zа-яё]+/g;

/** Lower-case words of a text, as the suggestions and corrections know them. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().replace(/ё/g, 'е').match(WORD) ?? [];
}

function number(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text.trim().replace(',', '.').replace(/\s+/g, ''));
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/** Computes root-first paths; a category whose parent is unknown (or in a cycle) becomes a root. */
function categoryPaths(raw: Map<string, RawCategory>, problems: (message: string) => void) {
  const info = new Map<string, CategoryInfo>();
  const resolve = (id: string, seen: Set<string>): CategoryInfo => {
    const known = info.get(id);
    if (known) return known;
    const category = raw.get(id)!;
    let parent: CategoryInfo | null = null;
    if (category.parentId !== null) {
      if (!raw.has(category.parentId)) {
        problems(`Category ${id} names an unknown parent ${category.parentId}: taken as a root`);
      } else if (seen.has(category.parentId)) {
        problems(`Category ${id} is in a parent cycle: taken as a root`);
      } else {
        parent = resolve(category.parentId, new Set([...seen, id]));
      }
    }
    const result = {
      pathIds: [...(parent?.pathIds ?? []), id],
      pathNames: [...(parent?.pathNames ?? []), category.name],
    };
    info.set(id, result);
    return result;
  };
  for (const id of raw.keys()) resolve(id, new Set([id]));
  return info;
}

/**
 * Imports a YML feed into a new, invisible import of the site: streams and parses it (never the
 * whole file in memory), stages offers in batches, builds the products, then goes live by moving
 * the site's catalog pointer — or holds the import when it would remove more than half of the
 * live catalog. A fatal XML error discards the staged rows and throws: the live catalog stays.
 */
export async function importYml(
  db: Db,
  options: {
    siteId: number;
    jobId?: string | null;
    source: FeedSource;
    progress?: (percent: number) => Promise<void>;
    /** Hold when more than this share of the live catalog would go (default 0.5). */
    holdShare?: number;
  },
): Promise<ImportSummary> {
  const started = performance.now();
  const { siteId } = options;
  // Leftovers of earlier imports that never went live (failed, held and superseded) go first.
  await db
    .delete(catalogImports)
    .where(and(eq(catalogImports.siteId, siteId), ne(catalogImports.state, 'live')));
  const [created] = await db
    .insert(catalogImports)
    .values({ siteId, jobId: options.jobId ?? null })
    .returning({ id: catalogImports.id });
  const importId = created!.id;

  try {
    return await stage(db, importId, options, started);
  } catch (error) {
    await db.delete(catalogImports).where(eq(catalogImports.id, importId));
    throw error;
  }
}

async function stage(
  db: Db,
  importId: number,
  options: Parameters<typeof importYml>[1],
  started: number,
): Promise<ImportSummary> {
  const problems: ImportProblem[] = [];
  let problemCount = 0;
  const problem = (offerId: string | null, line: number, message: string) => {
    problemCount += 1;
    if (problems.length < MAX_PROBLEMS) problems.push({ offerId, line, message });
  };

  const parser = new SaxesParser({ position: true });
  let fatal: Error | undefined;
  parser.on('error', (error) => {
    fatal ??= error;
  });

  const stack: string[] = [];
  let text = '';
  const shop: Record<string, string> = {};
  const currencies: { id: string; rate: string | null }[] = [];
  const rawCategories = new Map<string, RawCategory>();
  let categoryDraft: RawCategory | null = null;
  let categories: Map<string, CategoryInfo> | null = null;
  let categoryRows: (typeof catalogCategories.$inferInsert)[] = [];
  let offer: OfferDraft | null = null;
  let param: { name: string; unit: string | null } | null = null;
  const seenIds = new Set<string>();
  const words = new Map<string, Set<string>>();
  let batch: OfferRow[] = [];
  let offers = 0;
  let skipped = 0;
  let sawRoot = false;

  const finishCategories = () => {
    if (categories) return;
    categories = categoryPaths(rawCategories, (message) => problem(null, parser.line, message));
    for (const [id, category] of rawCategories) {
      const path = categories.get(id)!;
      categoryRows.push({ importId, ...category, ...path });
    }
  };

  const finishOffer = (draft: OfferDraft) => {
    const f = draft.fields;
    const id = draft.id;
    const fail = (message: string) => {
      skipped += 1;
      problem(id, draft.line, message);
    };
    if (!id) return fail('The offer has no id');
    if (seenIds.has(id)) return fail(`Duplicate offer id ${id}`);
    finishCategories();
    const categoryId = f['categoryId']?.trim();
    if (!categoryId) return fail('The offer has no categoryId');
    const category = categories!.get(categoryId);
    if (!category) return fail(`Unknown category ${categoryId}`);
    const price = number(f['price']);
    if (price === null) return fail(`Missing or invalid price "${f['price'] ?? ''}"`);
    const name =
      f['name']?.trim() ||
      [f['typePrefix'], f['vendor'], f['model']]
        .filter((part) => part?.trim())
        .join(' ')
        .trim();
    if (!name) return fail('The offer has no name');
    const url = f['url']?.trim();
    if (!url) return fail('The offer has no url');
    seenIds.add(id);
    const oldPrice = number(f['oldprice']);
    const productId = draft.groupId ?? id;
    batch.push({
      importId,
      id,
      groupId: draft.groupId,
      productId,
      available: draft.available,
      url,
      price,
      oldPrice: oldPrice !== null && oldPrice > price ? oldPrice : null,
      currencyId: f['currencyId']?.trim() || 'RUR',
      categoryId,
      pictures: draft.pictures,
      name,
      vendor: f['vendor']?.trim() || null,
      vendorCode: f['vendorCode']?.trim() || null,
      description: f['description']?.trim() || null,
      params: draft.params,
      popularity: number(f['popularity']) ?? 0,
    });
    offers += 1;
    const text = `${name} ${f['vendor'] ?? ''} ${category.pathNames.join(' ')}`;
    for (const word of wordsOf(text)) {
      if (word.length < 2) continue;
      let set = words.get(word);
      if (!set) words.set(word, (set = new Set()));
      set.add(productId);
    }
  };

  parser.on('opentag', (tag) => {
    const parent = stack.at(-1);
    stack.push(tag.name);
    text = '';
    const attr = (name: string) => {
      const value = tag.attributes[name];
      return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
    };
    if (stack.length === 1) {
      sawRoot = true;
      if (tag.name !== 'yml_catalog')
        fatal ??= new Error(`The root element is <${tag.name}>, not <yml_catalog>`);
    } else if (tag.name === 'offer' && parent === 'offers') {
      finishCategories();
      offer = {
        line: parser.line,
        id: attr('id'),
        groupId: attr('group_id'),
        available: attr('available') !== 'false',
        fields: {},
        pictures: [],
        params: [],
      };
    } else if (offer && tag.name === 'param') {
      param = { name: attr('name') ?? '', unit: attr('unit') };
    } else if (tag.name === 'category' && parent === 'categories') {
      categoryDraft = {
        id: attr('id') ?? '',
        parentId: attr('parentId'),
        name: '',
        url: attr('url'),
      };
    } else if (tag.name === 'currency' && parent === 'currencies') {
      const id = attr('id');
      if (id) currencies.push({ id, rate: attr('rate') });
    }
  });
  const onText = (value: string) => {
    text += value;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    stack.pop();
    const parent = stack.at(-1);
    if (offer) {
      if (tag.name === 'offer') {
        finishOffer(offer);
        offer = null;
      } else if (tag.name === 'param' && param) {
        const value = text.trim();
        if (param.name && value) offer.params.push({ name: param.name, value, unit: param.unit });
        param = null;
      } else if (tag.name === 'picture') {
        if (text.trim()) offer.pictures.push(text.trim());
      } else if (parent === 'offer') {
        offer.fields[tag.name] = text;
      }
    } else if (tag.name === 'category' && categoryDraft) {
      categoryDraft.name = text.trim();
      if (!categoryDraft.id) problem(null, parser.line, 'A category has no id: skipped');
      else if (rawCategories.has(categoryDraft.id))
        problem(null, parser.line, `Duplicate category id ${categoryDraft.id}`);
      else rawCategories.set(categoryDraft.id, categoryDraft);
      categoryDraft = null;
    } else if (tag.name === 'categories') {
      finishCategories();
    } else if (parent === 'shop' && !['categories', 'currencies', 'offers'].includes(tag.name)) {
      const value = text.trim();
      if (value && value.length < 1000) shop[tag.name] = value;
    }
    text = '';
  });

  const flush = async () => {
    if (categoryRows.length) {
      for (let i = 0; i < categoryRows.length; i += BATCH)
        await db.insert(catalogCategories).values(categoryRows.slice(i, i + BATCH));
      categoryRows = [];
    }
    if (batch.length) {
      const rows = batch;
      batch = [];
      await db.insert(catalogOffers).values(rows);
    }
  };

  const { source } = options;
  let decoder: Decoder | undefined;
  let encoding = 'utf-8';
  let head: Uint8Array | null = new Uint8Array(0);
  let received = 0;
  let lastReported = 0;
  const write = (chunk: string) => {
    parser.write(chunk);
    if (fatal) throw new FeedError(`The feed is not valid XML: ${fatal.message}`);
  };
  for await (const chunk of source.body) {
    received += chunk.byteLength;
    if (!decoder) {
      // Wait for enough bytes to read the XML declaration.
      const joined: Uint8Array = new Uint8Array(head!.byteLength + chunk.byteLength);
      joined.set(head!);
      joined.set(chunk, head!.byteLength);
      if (joined.byteLength < 300) {
        head = joined;
        continue;
      }
      encoding = declaredEncoding(joined);
      decoder = decoderFor(encoding);
      head = null;
      write(decoder.write(joined));
    } else {
      write(decoder.write(chunk));
    }
    if (batch.length >= BATCH || categoryRows.length >= BATCH) await flush();
    if (options.progress && source.size && received - lastReported > source.size / 50) {
      lastReported = received;
      await options.progress((received / source.size) * 85);
    }
  }
  if (!decoder) {
    encoding = declaredEncoding(head!);
    decoder = decoderFor(encoding);
    write(decoder.write(head!));
  }
  write(decoder.end());
  parser.close();
  if (fatal) throw new FeedError(`The feed is not valid XML: ${(fatal as Error).message}`);
  if (!sawRoot) throw new FeedError('The feed is empty');
  finishCategories();
  await flush();
  if (offers === 0) throw new FeedError('The feed has no importable offers');
  await options.progress?.(88);

  // Words for corrections and suggestions.
  const wordRows = [...words].map(([word, set]) => ({ importId, word, products: set.size }));
  words.clear();
  for (let i = 0; i < wordRows.length; i += BATCH * 5)
    await db.insert(catalogWords).values(wordRows.slice(i, i + BATCH * 5));

  const products = await buildProducts(db, importId);
  await options.progress?.(95);

  const [live] = await db.select().from(catalogs).where(eq(catalogs.siteId, options.siteId));
  let previous = 0;
  let removed = 0;
  if (live) {
    const [counts] = (
      await run<{ previous: number; removed: number }>(
        db,
        sql`
        select count(*)::int as previous,
          (count(*) filter (where not exists (
            select 1 from catalog_offers n where n.import_id = ${importId} and n.id = o.id
          )))::int as removed
        from catalog_offers o where o.import_id = ${live.importId}`,
      )
    ).rows;
    previous = counts?.previous ?? 0;
    removed = counts?.removed ?? 0;
  }
  const held = previous > 0 && removed > previous * (options.holdShare ?? 0.5);
  const summary: ImportSummary = {
    importId,
    offers,
    products,
    categories: rawCategories.size,
    skipped,
    problems,
    problemCount,
    removed,
    previous,
    held,
    applied: !held,
    encoding,
    bytes: received,
    seconds: Math.round((performance.now() - started) / 10) / 100,
  };
  await db
    .update(catalogImports)
    .set({ shop, currencies, offers, products, summary, state: held ? 'held' : 'staging' })
    .where(eq(catalogImports.id, importId));
  if (!held) await applyImport(db, options.siteId, importId);
  return summary;
}

/** One product per group: the cheapest available offer represents it; params are the union. */
async function buildProducts(db: Db, importId: number): Promise<number> {
  // Fresh statistics, or the planner guesses a nested loop over the staged offers.
  await run(db, sql`analyze catalog_offers`);
  await run(db, sql`analyze catalog_categories`);
  const result = await run(
    db,
    sql`
    with rep as (
      select distinct on (product_id) *
      from catalog_offers where import_id = ${importId}
      order by product_id, available desc, price, id
    ), agg as (
      select product_id, bool_or(available) as available, count(*)::int as skus,
        max(popularity) as popularity
      from catalog_offers where import_id = ${importId} group by product_id
    ), prm as (
      select product_id, jsonb_agg(distinct e) as params,
        string_agg(distinct e->>'value', ' ') as params_text
      from catalog_offers o cross join lateral jsonb_array_elements(o.params) e
      where o.import_id = ${importId} group by product_id
    )
    insert into catalog_products (import_id, id, name, url, vendor, vendor_code, description,
      price, old_price, currency_id, available, pictures, category_id, category_path,
      category_names, params, params_text, popularity, sku_count)
    select rep.import_id, rep.product_id, rep.name, rep.url, rep.vendor, rep.vendor_code,
      rep.description, rep.price, rep.old_price, rep.currency_id, agg.available, rep.pictures,
      rep.category_id, c.path_ids, array_to_string(c.path_names, ' '),
      coalesce(prm.params, '[]'::jsonb), coalesce(prm.params_text, ''), agg.popularity, agg.skus
    from rep
    join agg using (product_id)
    left join prm using (product_id)
    join catalog_categories c on c.import_id = rep.import_id and c.id = rep.category_id`,
  );
  return result.count;
}

/** Makes an import the site's live catalog and drops the previous one, in one transaction. */
export async function applyImport(
  db: Db,
  siteId: number,
  importId: number,
  inTransaction?: (tx: Tx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(catalogImports)
      .where(eq(catalogImports.id, importId))
      .for('update');
    if (!target || target.siteId !== siteId) throw new FeedError('The import no longer exists');
    const [live] = await tx
      .select()
      .from(catalogs)
      .where(eq(catalogs.siteId, siteId))
      .for('update');
    await tx
      .insert(catalogs)
      .values({ siteId, importId })
      .onConflictDoUpdate({ target: catalogs.siteId, set: { importId, updatedAt: new Date() } });
    await tx.update(catalogImports).set({ state: 'live' }).where(eq(catalogImports.id, importId));
    if (live && live.importId !== importId)
      await tx.delete(catalogImports).where(inArray(catalogImports.id, [live.importId]));
    await createFeedRepository(db).record(tx, {
      siteId,
      feedType: 'YML',
      regionId: 'global',
      offers: target.offers,
    });
    await inTransaction?.(tx);
  });
}
