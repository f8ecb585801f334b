import { dictionary } from '@zxcvbn-ts/language-common';
import {
  isLoginAsPassword,
  PASSWORD_MIN_LENGTH,
  PASSWORD_REASONS,
  passwordIssue,
  type PasswordReason,
} from '#contract/password-policy.ts';
import { HttpError } from '../platform/http/http-error.ts';

/**
 * The common passwords refused at registration and password change: zxcvbn-ts's maintained
 * list (about 49 000 leaked passwords, ranked). Only those the length rule lets through are kept.
 */
const COMMON = new Set(
  dictionary['passwords-common']
    .filter((password) => password.length >= PASSWORD_MIN_LENGTH)
    .map((password) => password.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}

/**
 * The checks the contract's schema cannot make alone: the login of a password change, and the
 * common-password list (kept out of the console's bundle). 400 in the validation envelope.
 */
export function assertPasswordPolicy(password: string, login: string): void {
  let reason: PasswordReason | null = null;
  if (isLoginAsPassword(password, login)) reason = PASSWORD_REASONS.sameAsLogin;
  else if (isCommonPassword(password)) reason = PASSWORD_REASONS.common;
  if (!reason) return;
  const issue = passwordIssue(reason, ['body', 'password']);
  throw new HttpError(400, `Invalid request: body.password: ${issue.message}`, undefined, {
    issues: [{ path: issue.path, code: reason, message: issue.message }],
  });
}
