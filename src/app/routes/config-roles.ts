import { CONFIG_ROLES, type ConfigKind } from '#contract/entities/config-roles.ts';
import type { Role } from '#contract/roles.ts';

/** Who may open a search UX screen: viewers read it, the config roles of spec §6 act on it. */
export const searchUxRoles = (
  kind: 'instant-search' | 'autocomplete' | 'search',
): readonly Role[] => ['ROLE_CONFIG_VIEW', 'ROLE_AUTOCOMPLETE_VIEW', ...CONFIG_ROLES[kind].save];

/** The other config screens: config viewers read them, the config's own roles act on them. */
export const configRoles = (kind: ConfigKind): readonly Role[] => [
  'ROLE_CONFIG_VIEW',
  ...CONFIG_ROLES[kind].save,
];
