import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { auditEntry, auditFacets, auditPage } from '../entities/audit.ts';
import { AUDIT_ROLES } from '../call-roles.ts';

/* The audit log screen (administrators, spec part 1 §6). */

const isoTime = z.iso.datetime({ offset: true });

export const listAuditRoute = defineRoute({
  method: 'GET',
  path: '/audit',
  summary:
    'The audit log, newest first, filtered by site, user, entity (a prefix: `config` matches every config kind) and time',
  auth: true,
  roles: AUDIT_ROLES,
  site: 'none',
  query: z.strictObject({
    siteId: z.coerce.number().int().positive().optional(),
    actor: z.string().trim().min(1).max(200).optional(),
    entity: z.string().trim().min(1).max(100).optional(),
    entityId: z.string().trim().min(1).max(200).optional(),
    from: isoTime.optional(),
    to: isoTime.optional(),
    beforeId: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: auditPage,
});

export const auditFacetsRoute = defineRoute({
  method: 'GET',
  path: '/audit/facets',
  summary: 'The entity kinds and users the audit log holds (for its filters)',
  auth: true,
  roles: AUDIT_ROLES,
  site: 'none',
  response: auditFacets,
});

export const restoreAuditRoute = defineRoute({
  method: 'POST',
  path: '/audit/:id/restore',
  summary:
    "Put the entry's entity back to its before-state (a config version, a query-list entry, a merchandising rule); audited. 409 when it cannot be restored",
  auth: true,
  roles: AUDIT_ROLES,
  site: 'none',
  params: z.strictObject({ id: z.coerce.number().int().positive() }),
  response: auditEntry,
});
