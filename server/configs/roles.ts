/** Who may do what to which config: the finer check behind the config routes' role union. */
import { CONFIG_ROLES, type ConfigKind, type ConfigRoles } from '#contract/entities/config.ts';
import { hasAccess } from '#contract/roles.ts';
import { forbidden } from '../platform/http/http-error.ts';
import type { AuthUser } from '../platform/http/register-route.ts';

/** Each kind's name in the errors' sentences. */
export const KIND_NAMES: Record<ConfigKind, string> = {
  'instant-search': 'instant search',
  autocomplete: 'autocomplete',
  search: 'search',
  tracking: 'tracking',
  mvt: 'MVT',
  'recommendations-block': 'recommendation block',
  'global-component': 'global component',
  'global-config': 'global config',
};

/** The finer check of spec §6: which kind, which copy (the route allows the union). */
export function assertConfigRole(
  user: AuthUser,
  kind: ConfigKind,
  action: keyof ConfigRoles,
): void {
  if (hasAccess(user.roles, CONFIG_ROLES[kind][action])) return;
  const what =
    action === 'saveToProd'
      ? 'save the production copy of'
      : action === 'save'
        ? 'save'
        : action === 'preview'
          ? 'preview'
          : 'promote to production';
  throw forbidden(`Your roles do not allow you to ${what} the ${KIND_NAMES[kind]} config`);
}

export const saveAction = (test: boolean): keyof ConfigRoles => (test ? 'save' : 'saveToProd');
