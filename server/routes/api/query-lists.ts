import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import {
  QUERY_LISTS,
  queryListUploadOptions,
  type ExplainResult,
  type QueryListKind,
  type QueryListUploadOptions,
} from '#contract/entities/query-lists.ts';
import {
  deleteTransliterationRoute,
  compareQueryRoute,
  explainQueryRoute,
  QUERY_LIST_ROUTES,
  searchTransliterationsRoute,
} from '#contract/routes/query-lists.ts';
import { liveImport } from '../../search/common.ts';
import { search } from '../../search/search.ts';
import {
  compileLists,
  siteListRows,
  understand,
  understandWithLists,
  type Channel,
  type CompiledLists,
  type ListRow,
} from '../../search/understanding.ts';
import { HttpError } from '../../platform/http/http-error.ts';
import { registerRoute, type AuthUser } from '../../platform/http/register-route.ts';
import type { Site } from '#contract/entities/site.ts';
import {
  checkEntry,
  createQueryListRepository,
  type EntryInput,
  type UploadFields,
} from '../../query-lists/repository.ts';
import { applyUpload, receiveUpload, type UploadSpec } from '../../platform/uploads/receive.ts';

/** Rows of one list upload at most (a file beyond is refused whole, 413). */
export const QUERY_LIST_MAX_ROWS = 50_000;

const splitVariants = (text: string | undefined) =>
  (text ?? '')
    .split(/[;|]/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The columns of a list upload: the term, its variants (';' or '|' between them) and its mode. */
export const QUERY_LIST_UPLOAD: UploadSpec<Omit<EntryInput, 'vertical'>> = {
  columns: {
    term: [
      'term',
      'query',
      'word',
      'brand',
      'source',
      'from',
      'запрос',
      'слово',
      'бренд',
      'термин',
    ],
    variants: [
      'variants',
      'synonyms',
      'aliases',
      'target',
      'to',
      'синонимы',
      'варианты',
      'перевод',
    ],
    mode: ['mode', 'type', 'режим'],
  },
  required: ['term'],
  idKey: 'term',
  row: z.object({
    term: z.string().trim().min(1).max(200),
    variants: z
      .string()
      .max(5000)
      .optional()
      .transform((text) => splitVariants(text)),
    mode: z.enum(['none', 'word', 'query', 'one-way', 'two-way']).optional(),
  }),
};

/**
 * The upload's options: from the query (spec part 2 §7) or the form fields beside the file, the
 * same rules for both; one given both ways must say the same.
 */
function uploadOptions(
  query: QueryListUploadOptions,
  fields: Record<string, string>,
): QueryListUploadOptions {
  const parsed = queryListUploadOptions.safeParse(fields);
  if (!parsed.success)
    throw new HttpError(400, parsed.error.issues.map((issue) => issue.message).join('; '));
  const form = parsed.data;
  const keys = ['vertical', 'enableOnSiteId', 'disableOther'] as const;
  for (const key of keys) {
    const [a, b] = [query[key], form[key]];
    if (a !== undefined && b !== undefined && a !== b)
      throw new HttpError(400, `${key} is given twice, differently (query and form field)`);
  }
  return Object.fromEntries(keys.map((key) => [key, query[key] ?? form[key]]));
}

function uploadFields(options: QueryListUploadOptions, site: Site, user: AuthUser): UploadFields {
  const siteId = site.siteId;
  const vertical = options.vertical ?? '';
  // An upload replaces the entries of its vertical for every site that sees them: a site's
  // operators upload into one of the site's verticals; the shared entries of no vertical are
  // staff's.
  if (vertical === '' ? !user.seesAllSites : !site.verticals.includes(vertical))
    throw new HttpError(
      400,
      `vertical must be one of the site's (${site.verticals.join(', ') || 'none'})${user.seesAllSites ? ' or empty' : ''}`,
    );
  const enable = options.enableOnSiteId;
  let enableOnSiteId: number | null = siteId;
  if (enable === '' || enable === 'null' || enable === 'none') enableOnSiteId = null;
  else if (enable !== undefined) {
    // An upload enables entries on the site of the call only (the user is checked for it).
    if (Number(enable) !== siteId)
      throw new HttpError(400, `enableOnSiteId must be the site of the call (${siteId})`);
    enableOnSiteId = Number(enable);
  }
  const disable = options.disableOther ?? 'false';
  return { vertical, enableOnSiteId, disableOther: disable === 'true' || disable === '1' };
}

export async function queryListRoutes(app: FastifyInstance) {
  const repository = createQueryListRepository(app.database.db);

  for (const list of QUERY_LISTS) {
    const routes = QUERY_LIST_ROUTES[list];
    registerRoute(app, routes.list, ({ site, query }) =>
      repository.list(list, site, { search: query.search, vertical: query.vertical }),
    );
    registerRoute(app, routes.add, ({ site, body, user }) =>
      repository.add(list, site, body, user.login),
    );
    if (routes.update)
      registerRoute(app, routes.update, ({ site, body, user }) =>
        repository.update(list, site, body.id, body, user.login),
      );
    registerRoute(app, routes.remove, async ({ site, body, user }) => ({
      changed: await repository.remove(list, site, body.ids, user.login),
    }));
    registerRoute(app, routes.enable, async ({ site, body, user }) => ({
      changed: await repository.enable(list, site, body.ids, body.enabled, user.login),
    }));
    registerRoute(app, routes.upload, async ({ site, query, request, user }) => {
      const { siteId: _siteId, ...options } = query;
      const received = await receiveUpload(request, QUERY_LIST_UPLOAD, {
        maxRows: Math.min(app.env.UPLOAD_MAX_ROWS, QUERY_LIST_MAX_ROWS),
      });
      const fields = uploadFields(uploadOptions(options, received.fields), site, user);
      return applyUpload(app.database, received, (tx, rows) =>
        repository.applyUpload(tx, list as QueryListKind, fields, rows, user.login),
      );
    });
  }

  registerRoute(app, searchTransliterationsRoute, ({ site, query }) =>
    repository.list('transliterations', site, { search: query.query }),
  );

  registerRoute(app, deleteTransliterationRoute, async ({ site, params, user }) => ({
    changed: await repository.remove('transliterations', site, [params.id], user.login),
  }));

  /** What a shopper gets for a query: the pipeline's steps and the first products (12). */
  async function explainWith(
    site: { siteId: number; apiKey: string },
    st: string,
    channel: Channel,
    lists?: CompiledLists,
  ): Promise<ExplainResult> {
    const db = app.database.db;
    const importId = await liveImport(db, site.siteId);
    if (importId === null)
      return { query: st, rewritten: '', blocked: false, steps: [], total: 0, products: [] };
    const understood = lists
      ? await understandWithLists(db, importId, st, channel, lists)
      : await understand(db, site.siteId, importId, st, channel);
    const found = await search(
      db,
      site.siteId,
      {
        st,
        apiKey: site.apiKey,
        strategy: 'advanced_xname,zero_queries',
        fullData: false,
        withCorrection: true,
        withFacets: false,
        treeFacets: false,
        regionId: 'global',
        useCategoryPrediction: false,
        size: 12,
        offset: 0,
        showUnavailable: true,
        unavailableMultiplier: 0.5,
        preview: true,
        withSku: false,
        sort: 'DEFAULT',
      },
      { understood },
    );
    const synonyms = understood.steps.find((step) => step.step === 'synonyms');
    return {
      query: st,
      rewritten: understood.blocked ? '' : (synonyms?.output ?? understood.words.join(' ')),
      blocked: understood.blocked,
      steps: understood.steps,
      total: found.totalHits,
      products: found.products.map((product) => ({
        id: product.id,
        name: product.name,
        brand: product.brand ?? null,
      })),
    };
  }

  registerRoute(app, explainQueryRoute, ({ site, query }) =>
    explainWith(site, query.st, query.channel),
  );

  registerRoute(app, compareQueryRoute, async ({ site, body }) => {
    const rows = await siteListRows(app.database.db, site.siteId);
    const change = body.change;
    let changed: ListRow[];
    if (change.op === 'delete') {
      changed = rows.filter((row) => !(row.list === body.list && change.ids.includes(row.id)));
    } else {
      const result = checkEntry(body.list, {
        term: change.term,
        variants: change.variants,
        mode: change.mode,
        vertical: '',
      });
      if (!result.ok) throw new HttpError(400, `Invalid request: ${result.reason}`);
      const entry = { list: body.list, ...result.entry, id: 0 };
      if (change.op === 'update') {
        if (!rows.some((row) => row.id === change.id && row.list === body.list))
          throw new HttpError(404, 'No such entry of this list enabled on the site');
        changed = rows.map((row) => (row.id === change.id ? { ...entry, id: row.id } : row));
      } else
        changed = [...rows.filter((row) => row.list !== body.list || row.key !== entry.key), entry];
    }
    return {
      before: await explainWith(site, body.st, body.channel, compileLists(rows)),
      after: await explainWith(site, body.st, body.channel, compileLists(changed)),
    };
  });
}
