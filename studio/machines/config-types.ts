/**
 * The config machine's types: what the editor's copy is based on, the host's actor inputs and
 * outputs, the machine's input, context and events (src/config-studio/config-actors.ts, the
 * panels and the tests use them without the machine).
 */
import type { ConfigKind } from '#contract/entities/config.ts';
import type { Job } from '#contract/entities/job.ts';

/** Which stored version the editor's copy is based on; versionId null: nothing saved yet. */
export interface BaseMeta {
  versionId: number | null;
  version: number;
  author: string | null;
  createdAt: string | null;
}

/** The newer version a stale save ran into (the 409 body's `conflict`). */
export interface ConflictMeta {
  versionId: number;
  version: number;
  author: string;
  createdAt: string;
}

export interface LoadedConfig {
  config: unknown;
  base: BaseMeta;
  /** The integration version production was last promoted from, when the host knows it. */
  productionSourceVersionId?: number | null;
}

export type JobAction = 'preview' | 'generate' | 'deploy';

export interface SaveInput {
  config: unknown;
  baseVersionId: number | null;
}
export interface StartJobInput {
  action: JobAction;
  /** The edited config (deploy reads the block's or component's id from it). */
  config: unknown;
}
export interface PollJobInput {
  action: JobAction;
  job: Job;
}

/** How the last operation ended, for the toolbar's status line and for tests. */
export type Outcome = 'saved' | 'previewed' | 'promoted' | 'already-running' | 'failed';

export interface ConfigMachineInput {
  kind: ConfigKind;
  /** Integration copy (true) or production copy (false). */
  test: boolean;
}

export interface ConfigContext {
  kind: ConfigKind;
  test: boolean;
  config: unknown;
  savedConfig: unknown;
  base: BaseMeta;
  dirty: boolean;
  /** Spec §4: set while a preview or generate/deploy runs, cleared on any end. */
  calculating: boolean;
  jobAction: JobAction | null;
  job: Job | null;
  /** The last failure (an ApiError from the host's actors, usually). */
  error: unknown;
  conflict: ConflictMeta | null;
  /** What the running save sent (edits typed meanwhile are kept apart from it). */
  sentConfig: unknown;
  /** The integration version production now holds (after a generate/deploy in this session). */
  productionVersionId: number | null;
  outcome: Outcome | null;
}

export type ConfigEvent =
  | { type: 'EDIT'; config: unknown }
  | { type: 'REVERT' }
  | { type: 'SAVE' }
  | { type: 'PREVIEW' }
  | { type: 'PROMOTE' }
  | { type: 'RELOAD' }
  | { type: 'OVERWRITE' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  /** Production was pointed at another build (a rollback): the integration version it serves. */
  | { type: 'PRODUCTION_SERVES'; sourceVersionId: number | null };
