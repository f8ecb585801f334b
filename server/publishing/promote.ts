import type { ConfigKind } from '#contract/entities/config.ts';
import { publishBundle, type PublishResult } from './bundle/publish.ts';
import type { BundleDiagnostic } from './bundle/types.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { apiKeyOfSite } from '../sites/repository.ts';
import {
  appendVersion,
  copyLabel,
  createConfigRepository,
  reserveVersionId,
  type ConfigVersionRow,
} from '../configs/repository.ts';
import { bundleConfigs, latestCopies } from './bundle-configs.ts';

async function apiKeyOf(db: Db, siteId: number): Promise<string> {
  const apiKey = await apiKeyOfSite(db, siteId);
  if (apiKey === null) throw new Error('The site no longer exists');
  return apiKey;
}

/** Preview: the bundle of every integration copy, into the preview slot. */
export async function publishPreview(
  db: Db,
  input: { siteId: number; login: string },
): Promise<PublishResult> {
  const rows = await latestCopies(db, input.siteId, true);
  return publishBundle(db, {
    siteId: input.siteId,
    apiKey: await apiKeyOf(db, input.siteId),
    publicBaseUrl: '',
    configs: bundleConfigs(rows),
    slot: 'preview',
    login: input.login,
  });
}

export interface PromoteInput {
  siteId: number;
  kind: ConfigKind;
  /** configId / componentId; 0 for the one-per-site kinds. */
  key: number;
  /** The integration version the user launched from (newest at launch); exactly this one is promoted. */
  sourceVersionId: number;
  login: string;
  action: 'generate' | 'deploy';
}

/** How a job holds a promotion to its cancel (server/publishing/jobs/config-generate.ts). */
export interface PromoteControl {
  /** Checked before each step; an abort stops the promotion before production changes. */
  signal?: AbortSignal;
  /** First in the production transaction, the point of no return: throws to promote nothing. */
  guard?: (tx: Tx) => Promise<void>;
  /** Last in the production transaction, with the result: the job's end commits with it. */
  done?: (tx: Tx, result: PromoteResult) => Promise<void>;
}

export interface PromoteResult {
  versionId: number;
  version: number;
  sourceVersionId: number;
  artifactId: number;
  hash: string;
  urls: { js: string; css: string; loader: string };
  warnings: BundleDiagnostic[];
}

/**
 * Generate / deploy: the integration version named at launch becomes a new production version
 * (a version saved after the launch is never promoted by this job), the production bundle is
 * built from every production copy with it by `publishBundle`, and only when the build succeeds
 * are the version, the artifact and the production pointer written, in one transaction.
 */
export async function promote(
  db: Db,
  input: PromoteInput,
  control: PromoteControl = {},
): Promise<PromoteResult> {
  const { siteId, kind, key, login } = input;
  const { signal } = control;
  signal?.throwIfAborted();
  const configs = createConfigRepository(db);
  const testCopy = { siteId, kind, key, test: true };
  const source = await configs.byId(siteId, kind, input.sourceVersionId);
  if (!source || source.key !== key || !source.test) {
    throw new Error(
      `Nothing to promote: version ${input.sourceVersionId} of the ${copyLabel(testCopy)} config does not exist`,
    );
  }
  if ((await configs.latest(testCopy))?.deleted) {
    throw new Error(`Nothing to promote: the ${copyLabel(testCopy)} config was deleted`);
  }
  const prodCopy = { siteId, kind, key, test: false };
  const current = await configs.latest(prodCopy);
  const production = await latestCopies(db, siteId, false);
  const versionId = await reserveVersionId(db);
  const promoted: ConfigVersionRow = {
    ...source,
    id: versionId,
    test: false,
    version: (current?.version ?? 0) + 1,
    author: login,
    createdAt: new Date(),
    sourceVersionId: source.id,
  };
  const rows = [...production.filter((row) => !(row.kind === kind && row.key === key)), promoted];
  signal?.throwIfAborted();
  // The one publish path: the version is written in the bundle's transaction, so a bundle that
  // does not build promotes nothing.
  let row: ConfigVersionRow | undefined;
  const resultOf = (published: PublishResult): PromoteResult => ({
    versionId: row!.id,
    version: row!.version,
    sourceVersionId: source.id,
    artifactId: published.artifactId,
    hash: published.hash,
    urls: published.urls,
    warnings: published.diagnostics,
  });
  const published = await publishBundle(
    db,
    {
      siteId,
      apiKey: await apiKeyOf(db, siteId),
      publicBaseUrl: '',
      configs: bundleConfigs(rows),
      slot: 'production',
      login,
    },
    {
      within: async (tx) => {
        // The bundle built; whoever cancelled meanwhile still stops it here, before any write.
        signal?.throwIfAborted();
        await control.guard?.(tx);
        row = await appendVersion(tx, {
          copy: prodCopy,
          id: versionId,
          data: source.data,
          author: login,
          baseVersionId: current?.id ?? null,
          sourceVersionId: source.id,
          action: input.action,
        });
      },
      commit: (tx, published) => control.done?.(tx, resultOf(published)) ?? Promise.resolve(),
    },
  );
  return resultOf(published);
}
