import type { ApiCall } from '#contract/client.ts';
import {
  parseRecommendationsBlock,
  recommendationsBlock,
  serializeRecommendationsBlock,
  type RecommendationsBlock,
  type RecommendationsBlockWire,
  unlistConfig,
} from '#contract/entities/config.ts';
import {
  deleteRecommendationBlockRoute,
  listRecommendationBlocksRoute,
  recommendationBlockVersionRoute,
  saveRecommendationBlockRoute,
} from '#contract/routes/configs.ts';

/** A block copy as the screen holds it: the parsed block and the version it was read at. */
export interface StoredBlock {
  versionId: number | null;
  version: number;
  author: string | null;
  createdAt: string | null;
  block: RecommendationsBlock & { configId: number };
}

interface StoredWire {
  versionId: number | null;
  version: number;
  author: string | null;
  createdAt: string | null;
  config: RecommendationsBlockWire;
}

function toStored(stored: StoredWire): StoredBlock {
  const block = parseRecommendationsBlock(stored.config);
  if (block.configId === undefined) throw new Error('A stored block without configId');
  return {
    versionId: stored.versionId,
    version: stored.version,
    author: stored.author,
    createdAt: stored.createdAt,
    block: { ...block, configId: block.configId },
  };
}

/** The blocks of one copy, by ordering. */
export async function listBlocks(
  call: ApiCall,
  siteId: number,
  test: boolean,
  signal?: AbortSignal,
): Promise<StoredBlock[]> {
  const answer = await call(listRecommendationBlocksRoute, {
    params: { id: siteId },
    query: { test: String(test) },
    signal,
  });
  return answer.data
    .map((item) => toStored(unlistConfig(item)))
    .sort((a, b) => a.block.ordering - b.block.ordering || a.block.configId - b.block.configId);
}

export async function loadBlockVersion(
  call: ApiCall,
  siteId: number,
  versionId: number,
): Promise<RecommendationsBlock> {
  const stored = await call(recommendationBlockVersionRoute, {
    params: { id: siteId, versionId },
  });
  return parseRecommendationsBlock(stored.config);
}

/** Saves one copy of a block as a new version based on `baseVersionId` (409 when stale). */
export async function saveBlock(
  call: ApiCall,
  siteId: number,
  block: RecommendationsBlock,
  baseVersionId: number | null,
): Promise<StoredBlock> {
  const stored = await call(saveRecommendationBlockRoute, {
    query: { siteId },
    body: { ...serializeRecommendationsBlock(block), baseVersionId },
  });
  return toStored(stored);
}

/**
 * Spec §4: a new block first gets a DISABLED production copy with the defaults (which allocates
 * the configId), then its integration copy under that configId. Returns the integration copy.
 */
export async function createBlock(
  call: ApiCall,
  siteId: number,
  input: { name: string; ordering: number },
): Promise<StoredBlock> {
  const defaults = recommendationsBlock.parse({
    name: input.name,
    ordering: input.ordering,
    test: false,
  });
  const production = await saveBlock(
    call,
    siteId,
    { ...defaults, enabledDesktop: false, enabledMobile: false },
    null,
  );
  return saveBlock(
    call,
    siteId,
    { ...defaults, test: true, configId: production.block.configId },
    null,
  );
}

/**
 * Saves the integration copies whose position changed (ordering = index), one after another so
 * a failure stops at the first refused block. Returns the list as the server now holds it.
 */
export async function saveOrderings(
  call: ApiCall,
  siteId: number,
  ordered: readonly StoredBlock[],
): Promise<StoredBlock[]> {
  const next: StoredBlock[] = [];
  for (const [index, stored] of ordered.entries()) {
    if (stored.block.ordering === index) {
      next.push(stored);
      continue;
    }
    next.push(
      await saveBlock(call, siteId, { ...stored.block, ordering: index }, stored.versionId),
    );
  }
  return next;
}

export async function deleteBlock(call: ApiCall, siteId: number, configId: number): Promise<void> {
  await call(deleteRecommendationBlockRoute, { query: { siteId, id: configId } });
}
