import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { companyEmailCheck, isAllowedEmail } from '#contract/company-email.ts';

const DOMAINS = ['vitrina.example', 'digi.example'];

describe('company e-mail domains (spec part 1 §5)', () => {
  it('limits staff accounts to the domains, exactly and in any letter case', () => {
    expect(isAllowedEmail({ email: 'a@vitrina.example', isClient: false }, DOMAINS)).toBe(true);
    expect(isAllowedEmail({ email: 'a@Digi.EXAMPLE', isClient: false }, DOMAINS)).toBe(true);
    expect(isAllowedEmail({ email: 'a@gmail.com', isClient: false }, DOMAINS)).toBe(false);
    expect(isAllowedEmail({ email: 'a@x.vitrina.example', isClient: false }, DOMAINS)).toBe(false);
    expect(isAllowedEmail({ email: 'a@vitrina.example.com', isClient: false }, DOMAINS)).toBe(
      false,
    );
  });

  it('lets clients, accounts without an address, and an empty list through', () => {
    expect(isAllowedEmail({ email: 'a@gmail.com', isClient: true }, DOMAINS)).toBe(true);
    expect(isAllowedEmail({ email: null, isClient: false }, DOMAINS)).toBe(true);
    expect(isAllowedEmail({ email: '', isClient: false }, DOMAINS)).toBe(true);
    expect(isAllowedEmail({ email: 'a@gmail.com', isClient: false }, [])).toBe(true);
  });

  it('puts its issue on the e-mail field of a form', () => {
    const form = z
      .object({ email: z.string(), isClient: z.boolean() })
      .superRefine(companyEmailCheck(DOMAINS));
    const result = form.safeParse({ email: 'a@gmail.com', isClient: false });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['email'],
        params: expect.objectContaining({ i18nKey: 'errors.validation.companyEmail' }),
      }),
    ]);
    expect(form.safeParse({ email: 'a@digi.example', isClient: false }).success).toBe(true);
  });
});
