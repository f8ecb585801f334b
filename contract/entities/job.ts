import * as z from 'zod';

export const jobState = z.enum(['queued', 'running', 'done', 'failed']);
export const job = z.object({
  id: z.string(),
  siteId: z.number().int(),
  kind: z.string(),
  state: jobState,
  progress: z.number().int().min(0).max(100),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof job>;
