/**
 * What the preview, generate and deploy jobs call: build the site's bundle, store it
 * (content-addressed) and point a slot at it, in one transaction with an audit entry. A build
 * with error diagnostics stores nothing and throws a BundleBuildError whose message names them.
 */
import type { Db } from '../db/client.ts';
import { recordAudit } from '../repositories/audit.ts';
import { createArtifactRepository, type ArtifactSlot } from '../repositories/artifacts.ts';
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

export async function publishBundle(
  db: Db,
  input: BuildBundleInput & { slot: ArtifactSlot; login: string },
): Promise<PublishResult> {
  const built = await buildBundle(input);
  if (built.diagnostics.some((d) => d.severity === 'error')) {
    throw new BundleBuildError(built.diagnostics);
  }
  const repository = createArtifactRepository(db);
  const { siteId, slot, login } = input;
  const stored = await db.transaction(async (tx) => {
    const artifact = await repository.store(tx, {
      siteId,
      js: built.js,
      css: built.css,
      manifest: built.manifest,
      builtFor: slot,
      createdBy: login,
    });
    const { previous } = await repository.point(tx, siteId, slot, artifact.id, login);
    // issue 18.4: the storefront is watched after a promotion (automatic rollback)
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
    return artifact;
  });
  repository.forget(siteId, slot);
  const base = `/cdn/${siteId}`;
  return {
    artifactId: stored.id,
    hash: stored.hash,
    created: stored.created,
    slot,
    urls: {
      js: `${base}/${stored.hash}.js`,
      css: `${base}/${stored.hash}.css`,
      loader:
        slot === 'production' ? `${base}/digi.js` : `${await previewBase(db, siteId)}/digi.js`,
    },
    manifest: built.manifest,
    diagnostics: built.diagnostics,
  };
}
