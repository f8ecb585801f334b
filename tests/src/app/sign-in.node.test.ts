import { describe, expect, it } from 'vitest';
import { loginRoute } from '#contract/routes/auth.ts';
import { SIGN_IN_CALL, signInErrors } from '#src/features/auth/api/sign-in-call.ts';
import { packagesImported, relativeToRoot, sourceClosure } from './source-graph.ts';

describe('the sign-in call without zod', () => {
  it('is loginRoute on the wire', () => {
    expect(SIGN_IN_CALL).toEqual({
      method: loginRoute.method,
      path: loginRoute.path,
      bodyType: loginRoute.bodyType,
    });
  });

  it('checks the form as loginRoute.body does', () => {
    for (const values of [
      { username: '', password: '' },
      { username: '  ', password: 'x' },
      { username: 'admin', password: '' },
      { username: ' admin ', password: ' ' },
      { username: 'a', password: 'b' },
    ]) {
      const errors = signInErrors(values);
      const valid = !errors.username && !errors.password;
      expect({ values, valid }).toEqual({
        values,
        valid: loginRoute.body.safeParse(values).success,
      });
    }
  });

  it('the sign-in route loads no zod (DESIGN.md budgets: sign-in ≤ 150 KB; `npm run size`)', () => {
    const files = new Set([
      ...sourceClosure('src/main.tsx', { staticOnly: true }),
      ...sourceClosure('src/features/auth/login-page.tsx', { staticOnly: true }),
    ]);
    const withZod = [...files].filter((file) =>
      [...packagesImported([file])].some((pkg) => pkg === 'zod' || pkg.startsWith('zod/')),
    );
    expect(withZod.map(relativeToRoot)).toEqual([]);
  });
});
