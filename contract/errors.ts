import * as z from 'zod';

/** One error envelope for every failed call (DESIGN.md "Server"). */
export const apiIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  code: z.string(),
  message: z.string(),
});
export const apiErrorBody = z.object({
  status: z.number().int(),
  message: z.string(),
  issues: z.array(apiIssue).optional(),
  /** 409 on a stale config save: the newer version (author, time) the save was not based on. */
  conflict: z
    .object({
      versionId: z.number().int(),
      version: z.number().int(),
      author: z.string(),
      createdAt: z.string(),
    })
    .optional(),
});
export type ApiIssue = z.infer<typeof apiIssue>;
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
