import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserRegistration, UserUpdate } from '#contract/entities/user.ts';
import type { SiteInput } from '#contract/entities/site.ts';
import {
  logoutRoute,
  meRoute,
  twoFactorConfirmRoute,
  twoFactorDisableRoute,
  twoFactorRecoveryCodesRoute,
  twoFactorSetupRoute,
} from '#contract/routes/auth.ts';
import {
  registerSiteRoute,
  registerSiteToUserRoute,
  registerUserRoute,
  setTwoFactorRolesRoute,
  setUserRolesRoute,
  updateUserRoute,
} from '#contract/routes/users.ts';
import { api } from '#src/lib/api.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { userKeys } from './keys.ts';

/** The registration forms toast their own message (naming the login or site): no generic second toast. */
const OWN_TOAST = { quiet: true, successToast: false } as const;

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

/**
 * After a two-factor change: the profile's state is read again, then the session's user (whether
 * enrolment is still a must) goes to the auth store.
 */
export function useRefreshTwoFactor() {
  const client = useQueryClient();
  const signedIn = useAuthStore((state) => state.signedIn);
  return async () => {
    await client.invalidateQueries({ queryKey: userKeys.twoFactor });
    signedIn(await api(meRoute, {}, { overlay: false }));
  };
}

/** Starts enrolment: a new secret, its otpauth URL and QR code. */
export function useTwoFactorSetupMutation() {
  return useMutation({
    mutationFn: () => api(twoFactorSetupRoute, {}, { successToast: false }),
  });
}

/**
 * The code forms' calls: their refusals (a wrong code, a required factor) are shown by the form
 * beside the code, so `quiet`.
 */
export function useTwoFactorConfirmMutation() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (code: string) =>
      api(
        twoFactorConfirmRoute,
        { body: { code } },
        { quiet: true, successToast: t('users.twoFactor.enabled') },
      ),
  });
}

export function useRecoveryCodesMutation() {
  return useMutation({
    mutationFn: (code: string) =>
      api(twoFactorRecoveryCodesRoute, { body: { code } }, { quiet: true }),
  });
}

export function useTwoFactorDisableMutation() {
  return useMutation({
    mutationFn: (code: string) => api(twoFactorDisableRoute, { body: { code } }, { quiet: true }),
  });
}

/** Signs out; a failed call still ends the session here. */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: () =>
      api(logoutRoute, {}, { successToast: false, quiet: true }).catch(() => undefined),
  });
}
