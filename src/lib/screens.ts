/**
 * Where home is, and the screens the greeting lists. The screens read these here, not from the
 * route table (src/app/routes.ts): the table imports the screens (lazily), so a screen importing
 * it back closed an import cycle, and no feature imports src/app.
 */
import type { ParseKeys } from 'i18next';
import { REPORT_AGG_ROLES } from '#contract/call-roles.ts';
import { hasAccess, type Role } from '#contract/roles.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';

/**
 * Where "home" is for a user (spec §6): the statistics at /home with the aggregate-report role,
 * the bare greeting at / otherwise. Without an argument, for the signed-in user.
 */
export function homePath(
  roles: readonly string[] = useAuthStore.getState().me?.roles ?? [],
): string {
  return hasAccess(roles, REPORT_AGG_ROLES) ? '/home' : '/';
}

/** Whether a route stands for one fixed page (not a pattern like /reporting/:name). */
export function isFixedPath(path: string): boolean {
  return !path.includes(':');
}

/** A screen as the greeting links it: the part of a route table entry it reads. */
export interface ScreenLink {
  path: string;
  titleKey: ParseKeys;
  roles: readonly Role[];
}

/** The route table's screens, in menu order: the table hands them over when it loads. */
let screens: readonly ScreenLink[] = [];

export function registerScreens(list: readonly ScreenLink[]): void {
  screens = list;
}

/** The route table's screens (the greeting picks those a user may open). */
export function registeredScreens(): readonly ScreenLink[] {
  return screens;
}
