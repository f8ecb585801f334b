import { CONFIG_ROLES, type ConfigKind } from '#contract/entities/config.ts';
import { hasAccess } from '#contract/roles.ts';

/** What a user may do on a config (spec §6 through CONFIG_ROLES; the server checks the same). */
export interface LifecyclePermissions {
  /** Save the integration copy. */
  canSave: boolean;
  canPreview: boolean;
  /** Generate, or deploy for blocks and components. */
  canGenerate: boolean;
  canSaveToProd: boolean;
}

export function configPermissions(
  kind: ConfigKind,
  userRoles: readonly string[],
): LifecyclePermissions {
  const roles = CONFIG_ROLES[kind];
  return {
    canSave: hasAccess(userRoles, roles.save),
    canPreview: hasAccess(userRoles, roles.preview),
    canGenerate: hasAccess(userRoles, roles.generate),
    canSaveToProd: hasAccess(userRoles, roles.saveToProd),
  };
}
