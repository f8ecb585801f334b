import * as z from 'zod';

export const jobState = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
export const job = z.object({
  id: z.string(),
  siteId: z.number().int(),
  kind: z.string(),
  state: jobState,
  progress: z.number().int().min(0).max(100),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  /** The error's translation key (`errors:fetch.blocked-address` …) when it has one. */
  errorCode: z.string().nullable().optional(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof job>;
