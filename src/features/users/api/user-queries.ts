import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRegistration, UserUpdate } from '#contract/entities/user.ts';
import type { SiteInput } from '#contract/entities/site.ts';
import {
  listUsersRoute,
  registerSiteRoute,
  registerSiteToUserRoute,
  registerUserRoute,
  roleCatalogueRoute,
  setTwoFactorRolesRoute,
  setUserRolesRoute,
  staffEmailDomainsRoute,
  twoFactorRolesRoute,
  updateUserRoute,
} from '#contract/routes/users.ts';
import { api } from '#src/lib/api.ts';
import { userKeys } from './keys.ts';

/** The registration forms toast their own message (naming the login or site): no generic second toast. */
const OWN_TOAST = { quiet: true, successToast: false } as const;

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

export function useSetTwoFactorRolesMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (roles: string[]) => api(setTwoFactorRolesRoute, { body: { roles } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.twoFactorRoles }),
  });
}

export function useRegisterUserMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserRegistration) => api(registerUserRoute, { body }, OWN_TOAST),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useRegisterSiteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteInput) => api(registerSiteRoute, { body }, OWN_TOAST),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.sites }),
  });
}

export function useAttachSiteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ login, siteId }: { login: string; siteId: number }) =>
      api(registerSiteToUserRoute, { query: { siteId }, body: { login } }, OWN_TOAST),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useSetRolesMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ login, roles }: { login: string; roles: string[] }) =>
      api(setUserRolesRoute, { params: { login }, body: roles }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUserMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ login, body }: { login: string; body: UserUpdate }) =>
      api(updateUserRoute, { params: { login }, body }, { quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}
