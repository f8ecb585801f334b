import { queryOptions } from '@tanstack/react-query';
import { twoFactorStatusRoute } from '#contract/routes/auth.ts';
import { listSitesRoute } from '#contract/routes/sites.ts';
import {
  listUsersRoute,
  roleCatalogueRoute,
  staffEmailDomainsRoute,
  twoFactorRolesRoute,
} from '#contract/routes/users.ts';
import { api } from '#src/lib/api.ts';
import { userKeys } from './keys.ts';

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.list,
    queryFn: ({ signal }) => api(listUsersRoute, { signal }),
  });

export const roleCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.roles,
    queryFn: ({ signal }) => api(roleCatalogueRoute, { signal }),
    staleTime: Infinity,
  });

/** Fixed at the server's start (STAFF_EMAIL_DOMAINS); a failed read leaves the check to the server. */
export const staffEmailDomainsQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.emailDomains,
    queryFn: ({ signal }) => api(staffEmailDomainsRoute, { signal }, { quiet: true }),
    staleTime: Infinity,
    retry: false,
  });

export const twoFactorRolesQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.twoFactorRoles,
    queryFn: ({ signal }) => api(twoFactorRolesRoute, { signal }),
  });

/** The signed-in user's own two-factor state (the profile). */
export const twoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.twoFactor,
    queryFn: ({ signal }) => api(twoFactorStatusRoute, { signal }, { overlay: false }),
  });

/** Every site, for the attach form. */
export const attachableSitesQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.siteList,
    queryFn: ({ signal }) => api(listSitesRoute, { query: {}, signal }, { overlay: false }),
  });
