import type { RecsModel, RecsPlacement, RecsWidgetPage } from '#contract/entities/recs.ts';
import { latestCopies } from '../publishing/bundle-configs.ts';
import { parseBlock } from '../configs/codec.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { HttpError } from '../platform/http/http-error.ts';

/** The page types that have a product of their own (what an item-to-item strategy needs). */
const PRODUCT_PAGES: ReadonlySet<string> = new Set(['PRODUCT']);

/**
 * Where a widget shows: the site's recommendation blocks (either copy, integration or
 * production) whose placement the widget claims, with each block's page type.
 */
export async function widgetPages(
  db: Db | Tx,
  siteId: number,
  placements: readonly string[],
): Promise<RecsWidgetPage[]> {
  const wanted = new Set(placements);
  return (await blockPages(db, siteId)).filter((page) => wanted.has(page.placement));
}

/** Every recommendation block of the site (either copy) as a page: name, placement, page type. */
async function blockPages(db: Db | Tx, siteId: number): Promise<RecsWidgetPage[]> {
  const pages = new Map<string, RecsWidgetPage>();
  for (const test of [true, false])
    for (const row of await latestCopies(db, siteId, test)) {
      if (row.kind !== 'recommendations-block') continue;
      const block = parseBlock(row);
      const placement = block.placement ?? '';
      if (placement === '') continue;
      const page = { block: block.name, placement, pageType: block.pageType };
      pages.set(JSON.stringify(page), page);
    }
  return [...pages.values()];
}

/**
 * The placements a widget may pick (GET /recs/{site}/widgetsPlacements): those of the site's
 * recommendation blocks and those the widgets name, by name, each with the widgets claiming it
 * and the blocks shown there.
 */
export async function sitePlacements(
  db: Db | Tx,
  siteId: number,
  widgets: readonly { widgetId: string; placements: readonly string[] }[],
): Promise<RecsPlacement[]> {
  const byName = new Map<string, RecsPlacement>();
  const entry = (placement: string) => {
    let found = byName.get(placement);
    if (!found) byName.set(placement, (found = { placement, widgetIds: [], pages: [] }));
    return found;
  };
  for (const page of await blockPages(db, siteId)) entry(page.placement).pages.push(page);
  for (const widget of widgets)
    for (const placement of widget.placements) entry(placement).widgetIds.push(widget.widgetId);
  return [...byName.values()].sort((a, b) => a.placement.localeCompare(b.placement));
}

/** The pages a strategy of `model` cannot fill: it needs the page's product, they have none. */
export function pagesRefused(model: RecsModel, pages: readonly RecsWidgetPage[]): RecsWidgetPage[] {
  return model.needsProduct ? pages.filter((p) => !PRODUCT_PAGES.has(p.pageType)) : [];
}

/** The 400 for a widget whose strategy cannot serve its pages, naming each of them. */
export function refusal(model: RecsModel, refused: readonly RecsWidgetPage[]): HttpError {
  const where = refused
    .map((p) => `block «${p.block}» at ${p.placement} on ${p.pageType}`)
    .join(', ');
  return new HttpError(
    400,
    `The ${model.modelName} strategy recommends for the page's product and cannot serve pages without one: ${where}`,
    undefined,
    { refused },
  );
}
