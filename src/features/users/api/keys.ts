/** Hierarchical keys: a mutation invalidates one level (STYLE.md 11). */
export const userKeys = {
  all: ['users'] as const,
  list: ['users', 'list'] as const,
  roles: ['users', 'roles'] as const,
  /** Which roles must sign in with a second factor (the administrator's setting). */
  twoFactorRoles: ['users', 'two-factor-roles'] as const,
  /** The company's e-mail domains a staff account's address must use. */
  emailDomains: ['users', 'email-domains'] as const,
  /** The signed-in user's two-factor state, under the session's key (`authKeys.me`). */
  twoFactor: ['me', 'two-factor'] as const,
  /** The sites area's root: registering a site refreshes every site read. */
  sites: ['sites'] as const,
  /** Every site, for the attach form: the sites area's list key with no search. */
  siteList: ['sites', 'list', ''] as const,
};
