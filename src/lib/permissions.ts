import { useTranslation } from 'react-i18next';
import { ROLE_PRESETS, ROLE_PRESET_NAMES, type RolePreset } from '#contract/role-presets.ts';
import { hasAccess, type Role } from '#contract/roles.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';

/**
 * The role presets (spec §6) that allow a call with these roles, as people know them: the
 * administrator is left out (they may do everything, and grant the rights), and so is a variant
 * of a preset listed («user - feeds» beside «user»).
 */
export function presetsAllowing(required: readonly Role[]): RolePreset[] {
  const allowed = ROLE_PRESET_NAMES.filter(
    (name) => name !== 'admin' && hasAccess(ROLE_PRESETS[name], required),
  );
  const variantOfListed = (name: RolePreset) => {
    const [base, variant] = name.split(' - ');
    return variant !== undefined && (allowed as readonly string[]).includes(base ?? '');
  };
  return allowed.filter((name) => !variantOfListed(name));
}

/** One empty list for a signed-out user: a selector must not return a new one on every read. */
const NO_ROLES: readonly string[] = [];

/** Why a user may not change something, in the interface language. */
export interface Denied {
  /** The read-only notice above the page or form: «Только просмотр: изменять могут роли …». */
  note: string;
  /** A disabled control's reason, its tooltip and description (Button's `disabledReason`). */
  reason: string;
  /** Who may change it, one sentence: for a notice the host words itself. */
  who: string;
}

/**
 * The one way a screen learns whether the signed-in user may make a change with these roles (the
 * contract call's `roles`, a config's `CONFIG_ROLES`), and if not, what to say: null when allowed.
 */
export function useDenied(required: readonly Role[]): Denied | null {
  const { t, i18n } = useTranslation();
  const roles = useAuthStore((state) => state.me?.roles ?? NO_ROLES);
  if (hasAccess(roles, required)) return null;
  const presets = presetsAllowing(required);
  if (presets.length === 0)
    return {
      note: t('shell.readOnly.noteAdmin'),
      reason: t('shell.readOnly.reasonAdmin'),
      who: t('shell.readOnly.whoAdmin'),
    };
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    presets.map((name) => t('shell.readOnly.role', { name: t(`shell.rolePresets.${name}`) })),
  );
  return {
    note: t('shell.readOnly.note', { roles: names }),
    reason: t('shell.readOnly.reason', { roles: names }),
    who: t('shell.readOnly.who', { roles: names }),
  };
}
