import { COMPANY_EMAIL_ISSUE, isAllowedEmail } from '#contract/company-email.ts';
import { HttpError } from '../platform/http/http-error.ts';

/**
 * A staff account's address must be at one of the company's domains (STAFF_EMAIL_DOMAINS; the
 * console's forms make the same check with contract/company-email.ts). 400 in the validation
 * envelope, on `body.email`.
 */
export function assertCompanyEmail(
  account: { email?: string | null | undefined; isClient?: boolean | undefined },
  domains: readonly string[],
): void {
  if (isAllowedEmail(account, domains)) return;
  const { message, params } = COMPANY_EMAIL_ISSUE;
  throw new HttpError(400, `Invalid request: body.email: ${message}`, undefined, {
    issues: [{ path: ['body', 'email'], code: params.reason, message }],
  });
}
