import type * as z from 'zod';

/**
 * Spec part 1 §5: "Some accounts may only use e-mail addresses from two company domains (the list
 * is not shown)". The accounts are the staff's (not `isClient`); the domains are the server's
 * STAFF_EMAIL_DOMAINS (an empty list: any address). One check for the console's forms and the
 * server, so both refuse the same addresses with the same words.
 */
export const COMPANY_EMAIL_ISSUE = {
  code: 'custom' as const,
  message: "A staff account's e-mail must be at one of the company's domains",
  params: {
    reason: 'company_email',
    i18nKey: 'errors.validation.companyEmail',
    en: "A staff account's e-mail must be at one of the company's domains",
  },
};

/** `user@Mail.Example.com` → `mail.example.com`. */
export const emailDomain = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/**
 * Whether an account may have this address: clients any, staff only at one of `domains` (exactly
 * the domain, not a subdomain of it). No address, or no domains configured, passes.
 */
export function isAllowedEmail(
  account: { email?: string | null | undefined; isClient?: boolean | undefined },
  domains: readonly string[],
): boolean {
  if (account.isClient !== false || !account.email || domains.length === 0) return true;
  return domains.includes(emailDomain(account.email));
}

/** A refinement for a form or body with `email` and `isClient`: the issue lands on `email`. */
export function companyEmailCheck(domains: readonly string[]) {
  return (
    value: { email?: string | null | undefined; isClient?: boolean | undefined },
    context: z.RefinementCtx,
  ) => {
    if (!isAllowedEmail(value, domains))
      // no message of its own: the error map words it in the reader's language (params.i18nKey)
      context.addIssue({
        code: 'custom',
        params: COMPANY_EMAIL_ISSUE.params,
        path: ['email'],
        input: value.email,
      });
  };
}
