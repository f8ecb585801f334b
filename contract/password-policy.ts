import * as z from 'zod';

/**
 * The password policy of registration and password changes. Sign-in checks no
 * policy, so passwords set before it (the demo's `vitrina-demo`) keep working.
 *
 * Each refusal is a zod issue whose `params.reason` is the code the server answers in the error
 * envelope's `issues[].code`, and whose `params.i18nKey` the console's error map translates.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_REASONS = {
  tooShort: 'password_too_short',
  tooLong: 'password_too_long',
  sameAsLogin: 'password_same_as_login',
  common: 'password_too_common',
} as const;
export type PasswordReason = (typeof PASSWORD_REASONS)[keyof typeof PASSWORD_REASONS];

const MESSAGES: Record<PasswordReason, { i18nKey: string; en: string }> = {
  password_too_short: {
    i18nKey: 'errors.validation.passwordTooShort',
    en: `The password must have at least ${PASSWORD_MIN_LENGTH} characters`,
  },
  password_too_long: {
    i18nKey: 'errors.validation.passwordTooLong',
    en: `The password must have at most ${PASSWORD_MAX_LENGTH} characters`,
  },
  password_same_as_login: {
    i18nKey: 'errors.validation.passwordSameAsLogin',
    en: 'The password must not be the login',
  },
  password_too_common: {
    i18nKey: 'errors.validation.passwordTooCommon',
    en: 'This password is among the most common ones: choose another',
  },
};

/** The issue of one refusal, as zod's `custom` issue with the reason in its params. */
export function passwordIssue(reason: PasswordReason, path: PropertyKey[] = []) {
  const { i18nKey, en } = MESSAGES[reason];
  return {
    code: 'custom' as const,
    path,
    message: en,
    params: { reason, i18nKey, en },
  };
}

/** The length rule, checked by the schema of every new password. */
export const newPassword = z.string().superRefine((value, context) => {
  if (value.length < PASSWORD_MIN_LENGTH) {
    context.addIssue({ ...passwordIssue(PASSWORD_REASONS.tooShort), input: value });
  } else if (value.length > PASSWORD_MAX_LENGTH) {
    context.addIssue({ ...passwordIssue(PASSWORD_REASONS.tooLong), input: value });
  }
});

/** Whether a password is the login itself (letter case and surrounding blanks aside). */
export function isLoginAsPassword(password: string, login: string): boolean {
  return password.trim().toLowerCase() === login.trim().toLowerCase();
}
