import * as z from 'zod';
import { CONFIG_ROLES, configKind } from '../entities/config.ts';
import { defineRoute } from '../route.ts';

/*
 * The visual regression gate before generate and deploy (server/publishing/visual-gate/README.md):
 * every widget of the site rendered from the candidate bundle and from production in headless
 * Chromium on fixed data, compared pixel by pixel; generate and deploy are refused (409) until the
 * run passed (nothing changed) or a user with the generate role accepted its changes.
 */

const siteQuery = { siteId: z.coerce.number().int().positive() };
const generateRoles = [...new Set(Object.values(CONFIG_ROLES).flatMap((roles) => roles.generate))];

export const GATE_STATES = [
  'running',
  'passed',
  'changed',
  'accepted',
  'failed',
  'unavailable',
] as const;
export const gateState = z.enum(GATE_STATES);
export type GateState = z.infer<typeof gateState>;

export const GATE_WIDGETS = ['instant-search', 'autocomplete', 'block', 'component'] as const;

export const gateView = z.object({
  /** `instant-search@1280`, `autocomplete@768`, `block:12@1280`, `component:5@768` … */
  view: z.string(),
  widget: z.enum(GATE_WIDGETS),
  width: z.number().int(),
  /** The block's or component's name. */
  label: z.string().nullable(),
  changedPixels: z.number().int(),
  totalPixels: z.number().int(),
  /** Share of the pixels changed (0–1). */
  share: z.number(),
});
export type GateView = z.infer<typeof gateView>;

export const gateRun = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  kind: configKind,
  key: z.number().int(),
  /** The integration version the candidate promotes. */
  sourceVersionId: z.number().int(),
  state: gateState,
  /** Why the run failed or could not run (Chromium missing …). */
  reason: z.string().nullable(),
  /** The job's progress in % while running. */
  progress: z.number().int().min(0).max(100),
  durationMs: z.number().int().nullable(),
  acceptedBy: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** False when production or the version changed since: a promotion needs a new run. */
  current: z.boolean(),
  views: z.array(gateView),
});
export type GateRun = z.infer<typeof gateRun>;

export const gateStatus = z.object({
  /** False with VISUAL_GATE=off: generate and deploy promote without the check. */
  enabled: z.boolean(),
  run: gateRun.nullable(),
});
export type GateStatus = z.infer<typeof gateStatus>;

/** Every gate call: signed in, the generate role of a config kind, on a site. */
const gate = { auth: true, roles: generateRoles, site: 'query' } as const;

/** The calls about a config's newest integration version: its kind, and its id when it has one. */
const ofConfig = {
  params: z.strictObject({ kind: configKind }),
  query: z.strictObject({
    ...siteQuery,
    /** configId / componentId of a block or component; absent for the one-per-site kinds. */
    id: z.coerce.number().int().positive().optional(),
  }),
  response: gateStatus,
} as const;

const runParams = z.strictObject({ runId: z.coerce.number().int().positive() });

export const startGateRoute = defineRoute({
  method: 'POST',
  path: '/config/gate/:kind',
  summary:
    'Run the visual check of the newest integration version of a config against production (a job, 202); a current run is answered as it is (200); off: enabled false',
  ...gate,
  ...ofConfig,
});

export const gateStatusRoute = defineRoute({
  method: 'GET',
  path: '/config/gate/status/:kind',
  summary: "The newest visual check of a config's newest integration version (run null when none)",
  ...gate,
  ...ofConfig,
});

export const gateRunRoute = defineRoute({
  method: 'GET',
  path: '/config/gate/run/:runId',
  summary: 'One visual check: its state, progress and the share of pixels changed per view',
  ...gate,
  params: runParams,
  query: z.strictObject(siteQuery),
  response: gateRun,
});

export const GATE_IMAGES = ['production', 'candidate', 'diff'] as const;

export const gateImageRoute = defineRoute({
  method: 'GET',
  path: '/config/gate/run/:runId/image',
  summary:
    'A screenshot of a view of a visual check (PNG): production, candidate, or the difference highlighted',
  ...gate,
  params: runParams,
  query: z.strictObject({
    ...siteQuery,
    view: z.string().min(1).max(200),
    image: z.enum(GATE_IMAGES),
  }),
  response: z.string(),
});

export const acceptGateRoute = defineRoute({
  method: 'POST',
  path: '/config/gate/run/:runId/accept',
  summary:
    'Accept the changes a visual check found (the generate role of its config kind; audited): generate and deploy of that version may go ahead',
  ...gate,
  params: runParams,
  query: z.strictObject(siteQuery),
  response: gateRun,
});
