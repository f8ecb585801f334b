/**
 * The one publish path (preview, generate and deploy, the demo seed): build the site's bundle,
 * store it (content-addressed) and point a slot at it, in one transaction with an audit entry. A
 * build with error diagnostics stores nothing and throws a BundleBuildError whose message names
 * them. A promotion writes its config version in the same transaction (`within`).
 */
import type { Db, Tx } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/repository.ts';
import { createArtifactRepository, type ArtifactSlot } from '../artifacts-repository.ts';
import { previewBase } from './preview-key.ts';
import { startRolloutWatch } from '../rollout/watch.ts';
import { buildBundle, describeBuildErrors, type BuildBundleInput } from './build-bundle.ts';
import type { BundleDiagnostic, BundleManifest } from './types.ts';

export class BundleBuildError extends Error {
  readonly diagnostics: BundleDiagnostic[];
  constructor(diagnostics: BundleDiagnostic[]) {
    super(describeBuildErrors(diagnostics));
    this.name = 'BundleBuildError';
    this.diagnostics = diagnostics;
  }
}

export interface PublishResult {
  artifactId: number;
  hash: string;
  /** False when the same bundle was already stored (then only the pointer moved). */
  created: boolean;
  slot: ArtifactSlot;
  /** `/cdn/{siteId}/{hash}.js|.css` and the slot's stable loader. */
  urls: { js: string; css: string; loader: string };
  manifest: BundleManifest;
  /** Warnings (errors throw). */
  diagnostics: BundleDiagnostic[];
}

export interface PublishOptions {
  /**
   * Writes that stand or fall with the bundle, first in its transaction (after a successful
   * build): a promotion's new production version.
   */
  within?: (tx: Tx) => Promise<void>;
  /** Last in the transaction, with what the publish answers: a job's end that commits with it. */
  commit?: (tx: Tx, result: PublishResult) => Promise<void>;
}

export async function publishBundle(
  db: Db,
  input: BuildBundleInput & { slot: ArtifactSlot; login: string },
  options: PublishOptions = {},
): Promise<PublishResult> {
  const built = await buildBundle(input);
  if (built.diagnostics.some((d) => d.severity === 'error')) {
    throw new BundleBuildError(built.diagnostics);
  }
  const repository = createArtifactRepository(db);
  const { siteId, slot, login } = input;
  const base = `/cdn/${siteId}`;
  const loader =
    slot === 'production' ? `${base}/digi.js` : `${await previewBase(db, siteId)}/digi.js`;
  const result = await db.transaction(async (tx) => {
    await options.within?.(tx);
    const artifact = await repository.store(tx, {
      siteId,
      js: built.js,
      css: built.css,
      manifest: built.manifest,
      builtFor: slot,
      createdBy: login,
    });
    const { previous } = await repository.point(tx, siteId, slot, artifact.id, login);
    // The storefront is watched after a promotion (automatic rollback).
    if (slot === 'production')
      await startRolloutWatch(tx, {
        siteId,
        artifactId: artifact.id,
        previousArtifactId: previous,
        login,
      });
    await recordAudit(tx, {
      actor: login,
      action: slot === 'production' ? 'publish' : 'preview',
      entity: 'artifact-pointer',
      entityId: `${siteId}/${slot}`,
      before: { artifactId: previous },
      after: { artifactId: artifact.id, hash: artifact.hash, configs: built.manifest.configs },
    });
    const published: PublishResult = {
      artifactId: artifact.id,
      hash: artifact.hash,
      created: artifact.created,
      slot,
      urls: { js: `${base}/${artifact.hash}.js`, css: `${base}/${artifact.hash}.css`, loader },
      manifest: built.manifest,
      diagnostics: built.diagnostics,
    };
    await options.commit?.(tx, published);
    return published;
  });
  repository.forget(siteId, slot);
  return result;
}
