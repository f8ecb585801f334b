import * as z from 'zod';
import { isRole } from '../roles.ts';
import {
  isLoginAsPassword,
  newPassword,
  PASSWORD_REASONS,
  passwordIssue,
} from '../password-policy.ts';

export const login = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w.@-]+$/);

export const userTab = z.object({
  id: z.number().int(),
  title: z.string(),
  pathName: z.string(),
  enabled: z.boolean(),
});

export const user = z.object({
  login: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  isClient: z.boolean(),
  roles: z.array(z.string()),
  tabs: z.array(userTab),
  siteIds: z.array(z.number().int()),
});
export type User = z.infer<typeof user>;

/** A list of roles, or the older form: one string joining several with '+' (spec §3 User). */
export const roleList = z.union([z.array(z.string()), z.string()]);

/** The registration's fields, without the cross-field check (forms pick and extend them). */
export const userRegistrationFields = z.strictObject({
  login,
  /** The password policy (contract/password-policy.ts); the server also refuses common ones. */
  password: newPassword,
  name: z.string().trim().max(200).default(''),
  email: z.email().nullable().default(null),
  isClient: z.boolean().default(true),
  roles: roleList.default([]),
});

/** The password must not be the login: a check for any schema with both fields. */
export function passwordNotLogin(
  value: { login: string; password: string },
  context: z.RefinementCtx,
): void {
  if (isLoginAsPassword(value.password, value.login)) {
    context.addIssue({
      ...passwordIssue(PASSWORD_REASONS.sameAsLogin, ['password']),
      input: value.password,
    });
  }
}

export const userRegistration = userRegistrationFields.superRefine(passwordNotLogin);
export type UserRegistration = z.input<typeof userRegistration>;

export const userUpdate = z.strictObject({
  name: z.string().trim().max(200).optional(),
  email: z.email().nullable().optional(),
  isClient: z.boolean().optional(),
  /** A new password: the policy of contract/password-policy.ts (the login is checked by the server). */
  password: newPassword.optional(),
});
export type UserUpdate = z.input<typeof userUpdate>;

export const me = z.object({
  login: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  isClient: z.boolean(),
  tabs: z.array(userTab),
  /** Session length in seconds and when the current session ends (ISO time). */
  sessionLength: z.number().int(),
  sessionExpiresAt: z.string(),
  /** Present (true) when a role requires two-factor sign-in and the user has not enrolled yet. */
  mustEnrolTwoFactor: z.literal(true).optional(),
});
export type Me = z.infer<typeof me>;

export const roleCatalogue = z.object({
  roles: z.array(z.object({ name: z.string(), description: z.string() })),
  presets: z.array(z.object({ name: z.string(), roles: z.array(z.string()) })),
});
export type RoleCatalogue = z.infer<typeof roleCatalogue>;

/** Which roles must sign in with a second factor: what an administrator sends. */
export const twoFactorRolesInput = z.strictObject({
  roles: z
    // The console's error map words these by i18nKey, the server with `en`.
    .array(
      z
        .string()
        .refine(isRole, { params: { i18nKey: 'users.errors.unknownRole', en: 'Unknown role' } }),
    )
    .max(200)
    .refine((roles) => new Set(roles).size === roles.length, {
      params: { i18nKey: 'users.errors.roleTwice', en: 'A role is named twice' },
    }),
});
export type TwoFactorRolesInput = z.infer<typeof twoFactorRolesInput>;

/** The setting as stored: `env` (TWO_FACTOR_ROLES at start) until an administrator has set it. */
export const twoFactorRolesSetting = z.object({
  roles: z.array(z.string()),
  source: z.enum(['env', 'console']),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TwoFactorRolesSetting = z.infer<typeof twoFactorRolesSetting>;
