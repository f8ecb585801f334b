/**
 * The config machine's types: what the editor's copy is based on, the host's actor inputs and
 * outputs, the machine's input, context and events (src/config-studio/config-actors.ts, the
 * panels and the tests use them without the machine).
 */
import type { ConfigKind } from '#contract/entities/config.ts';
import type { Job } from '#contract/entities/job.ts';
import type { GateRun, GateStatus } from '#contract/routes/visual-gate.ts';

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

/** What a passed visual check lets go ahead: the promotion itself, or the scheduling of one. */
export type GatePurpose = 'promote' | 'schedule';

/** The visual check in front of a promotion, while its dialog is open. */
export interface VisualGate {
  purpose: GatePurpose;
  /** The run the dialog shows; null while it starts. */
  run: GateRun | null;
}

/** Starting a check of the config's newest integration version (deploy kinds: the item's id). */
export interface StartGateInput {
  config: unknown;
}
/** The run to read again (polling) or whose changes to accept. */
export interface GateRunInput {
  run: GateRun;
}
export type { GateRun, GateStatus };

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
  /** The visual check while its dialog is open (the `gating` state), else null. */
  gate: VisualGate | null;
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
  | { type: 'PRODUCTION_SERVES'; sourceVersionId: number | null }
  /** Run the visual check first; when it passes, promote or let the host schedule. */
  | { type: 'GATE'; purpose: GatePurpose }
  /** Accept the changes the check found (a user with the generate role). */
  | { type: 'GATE_ACCEPT' }
  /** Promote (or schedule) from the dialog once the changes are accepted. */
  | { type: 'GATE_PROMOTE' }
  /** Run the check again (it failed, could not run, or production moved since). */
  | { type: 'GATE_RETRY' };

/** What the machine tells its host: the check passed for a scheduling (the host schedules). */
export type ConfigEmitted = { type: 'gatePassed'; purpose: GatePurpose };
