import type { ConfigKind } from '#contract/entities/config.ts';
import { CONFIG_ROLES } from '#contract/entities/config-roles.ts';
import { configPermissions } from '#studio/machines/config-permissions.ts';
import { useDenied, type Denied } from '#src/lib/permissions.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';

/** What the signed-in user may do with a config kind (spec §6), read from the auth store. */
export function usePermissions(kind: ConfigKind) {
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  return configPermissions(kind, roles);
}

/**
 * Whether the user may change this copy of a config (save the integration copy, or save straight
 * into production), and when not, what the read-only notice and the disabled controls say.
 */
export function useCopyAccess(
  kind: ConfigKind,
  copy: 'integration' | 'production',
): { canEdit: boolean; denied: Denied | null } {
  const roles = CONFIG_ROLES[kind];
  const denied = useDenied(copy === 'integration' ? roles.save : roles.saveToProd);
  return { canEdit: denied === null, denied };
}
