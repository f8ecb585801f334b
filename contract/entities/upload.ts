import * as z from 'zod';

/**
 * The table formats an operator may upload (CSV in UTF-8 or CP1251, an Excel workbook, or a JSON
 * array of objects, one per row).
 */
export const UPLOAD_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

/** One row the server did not apply: its line in the file (the header is line 1) and why. */
export const uploadRejection = z.object({
  line: z.number().int().min(1),
  reason: z.string(),
  /** The row's own id (a rule id, a product id …) when it has one, for the ids field of the report. */
  id: z.string().optional(),
});
export type UploadRejection = z.infer<typeof uploadRejection>;

/**
 * What every upload answers: how many data rows the file held, how many were applied (all in one
 * transaction) and each refused row with its line and reason.
 */
export const uploadReport = z.object({
  total: z.number().int().min(0),
  accepted: z.number().int().min(0),
  rejected: z.array(uploadRejection),
});
export type UploadReport = z.infer<typeof uploadReport>;
