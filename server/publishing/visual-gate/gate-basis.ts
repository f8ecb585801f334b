/**
 * What a visual check is made on: the config version it checks (GateTarget), the production it is
 * compared with (its basis and fingerprint: a run holds while they stay the same), the candidate
 * bundle the promotion would publish, and the views rendered.
 */
import type { ConfigKind } from '#contract/entities/config.ts';
import { buildBundle } from '../bundle/build-bundle.ts';
import { BundleBuildError } from '../bundle/publish.ts';
import { bundleConfigs, latestCopies } from '../bundle-configs.ts';
import type { Db } from '../../platform/db/client.ts';
import type { visualGateRuns } from '../../platform/db/schema.ts';
import type { Env } from '../../platform/env.ts';
import { createArtifactRepository } from '../artifacts-repository.ts';
import { apiKeyOfSite } from '../../sites/repository.ts';
import { createConfigRepository, type ConfigVersionRow } from '../../configs/repository.ts';
import { GATE_WIDTHS, type GateView } from './render.ts';

/** What a promotion publishes: one config's integration version. */
export interface GateTarget {
  siteId: number;
  kind: ConfigKind;
  /** configId / componentId; 0 for the one-per-site kinds. */
  key: number;
  sourceVersionId: number;
}

export type RunRow = typeof visualGateRuns.$inferSelect;

export function gateEnabled(env: Pick<Env, 'VISUAL_GATE'>): boolean {
  return env.VISUAL_GATE !== 'off';
}

/**
 * The production copies the candidate is built from and the production bundle it is compared
 * with: a run holds for as long as these and the version stay the same.
 */
export async function basis(db: Db, target: GateTarget) {
  const production = await latestCopies(db, target.siteId, false);
  const others = production.filter((row) => !(row.kind === target.kind && row.key === target.key));
  const current = await createArtifactRepository(db).current(target.siteId, 'production');
  const fingerprint = [
    `source:${target.sourceVersionId}`,
    `production:${current?.id ?? 'none'}`,
    `copies:${others
      .map((row) => row.id)
      .sort((a, b) => a - b)
      .join(',')}`,
  ].join('|');
  return { others, productionArtifact: current, fingerprint };
}

/** What a run of this version must have been made on to hold now (production as it is). */
export async function gateFingerprint(db: Db, target: GateTarget): Promise<string> {
  return (await basis(db, target)).fingerprint;
}

/** The candidate bundle: what promote() would build (server/publishing/promote.ts). */
export async function candidateBundle(db: Db, target: GateTarget, others: ConfigVersionRow[]) {
  const configs = createConfigRepository(db);
  const source = await configs.byId(target.siteId, target.kind, target.sourceVersionId);
  if (!source || source.key !== target.key || !source.test)
    throw new Error(`Version ${target.sourceVersionId} of the config does not exist`);
  const promoted: ConfigVersionRow = { ...source, test: false };
  const apiKey = await apiKeyOfSite(db, target.siteId);
  if (apiKey === null) throw new Error('The site no longer exists');
  const built = await buildBundle({
    siteId: target.siteId,
    apiKey,
    publicBaseUrl: '',
    configs: bundleConfigs([...others, promoted]),
    slot: 'production',
  });
  if (built.diagnostics.some((d) => d.severity === 'error'))
    throw new BundleBuildError(built.diagnostics);
  return { built, rows: [...others, promoted] };
}

/** Every view of the site: both search widgets, each block and component of either side. */
export function gateViews(
  rows: readonly ConfigVersionRow[],
  production: readonly ConfigVersionRow[],
): GateView[] {
  const named = new Map<string, { widget: 'block' | 'component'; key: number; label: string }>();
  for (const row of [...production, ...rows]) {
    if (row.kind !== 'recommendations-block' && row.kind !== 'global-component') continue;
    const widget = row.kind === 'recommendations-block' ? 'block' : 'component';
    const name = (row.data as { name?: unknown }).name;
    named.set(`${widget}:${row.key}`, {
      widget,
      key: row.key,
      label: typeof name === 'string' ? name : `${row.key}`,
    });
  }
  const views: GateView[] = [];
  for (const width of GATE_WIDTHS) {
    views.push({ id: `instant-search@${width}`, widget: 'instant-search', width });
    views.push({ id: `autocomplete@${width}`, widget: 'autocomplete', width });
    for (const [id, entry] of [...named].sort(([a], [b]) => a.localeCompare(b)))
      views.push({
        id: `${id}@${width}`,
        widget: entry.widget,
        width,
        target: String(entry.key),
        label: entry.label,
      });
  }
  return views;
}
