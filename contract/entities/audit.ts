import * as z from 'zod';

/** One audit log row: who, when, what, before and after. */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  siteId: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** The audit screen can put the entity back to `before` (a config version, a query-list entry, a merchandising rule). */
  restorable: z.boolean(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({
  entries: z.array(auditEntry),
  /** More rows match: ask again with `beforeId` = the last id. */
  hasMore: z.boolean(),
});
export type AuditPage = z.infer<typeof auditPage>;

export const auditFacets = z.object({
  entities: z.array(z.string()),
  actors: z.array(z.string()),
});
export type AuditFacets = z.infer<typeof auditFacets>;

/** Entities whose rows the audit screen restores (the config kinds are `config:<kind>`). */
export const RESTORABLE_ENTITIES = ['boost-rule', 'redirect-rule', 'recs-rule'] as const;
export const RESTORABLE_PREFIXES = ['config:', 'query-list:'] as const;
