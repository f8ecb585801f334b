import type { loginRoute, loginTwoFactorRoute } from '#contract/routes/auth.ts';
import type { RouteBody, RouteResponse } from '#contract/route.ts';
import { api } from '#src/lib/api.ts';

/**
 * loginRoute as the client sends it: method, path and body encoding, without its zod schemas,
 * so the sign-in route loads no zod (DESIGN.md budgets: sign-in ≤ 150 KB). The server still
 * validates the form with loginRoute.body; tests/src/app/sign-in.node.test.ts keeps the two in step.
 */
export const SIGN_IN_CALL = {
  method: 'POST',
  path: '/login',
  bodyType: 'form',
} as const satisfies Pick<typeof loginRoute, 'method' | 'path' | 'bodyType'>;

/** Signs in; failures as `api()` reports them (quiet: the form shows them). */
export function signIn(
  body: RouteBody<typeof loginRoute>,
): Promise<RouteResponse<typeof loginRoute>> {
  // api() reads only the method, the path and the body type of a route.
  const route = SIGN_IN_CALL as unknown as typeof loginRoute;
  return api(route, { body }, { quiet: true, successToast: false });
}

/** The form's own check, the same as loginRoute.body's: both fields filled (the login trimmed). */
export function signInErrors(values: { username: string; password: string }) {
  return {
    username: values.username.trim() === '' ? ('required' as const) : undefined,
    password: values.password === '' ? ('required' as const) : undefined,
  };
}

/** loginTwoFactorRoute as the client sends it (no zod on the sign-in route, as above). */
export const SIGN_IN_CODE_CALL = {
  method: 'POST',
  path: '/login/two-factor',
  bodyType: 'form',
} as const satisfies Pick<typeof loginTwoFactorRoute, 'method' | 'path' | 'bodyType'>;

/** The second step of a sign-in: the authenticator's code or a recovery code. */
export function signInWithCode(code: string): Promise<RouteResponse<typeof loginTwoFactorRoute>> {
  const route = SIGN_IN_CODE_CALL as unknown as typeof loginTwoFactorRoute;
  return api(route, { body: { code } }, { quiet: true, successToast: false });
}
