import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { me } from '../entities/user.ts';

export const ok = z.object({ ok: z.literal(true) });

/**
 * The sign-in's answer when the account has two-factor sign-in on: no session yet; an HttpOnly
 * cookie holds the pending sign-in, and the code goes to POST /login/two-factor.
 */
export const twoFactorChallenge = z.object({ twoFactorRequired: z.literal(true) });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

export const loginRoute = defineRoute({
  method: 'POST',
  path: '/login',
  summary:
    'Sign in with form fields username and password; sets the session and XSRF cookies, or answers {twoFactorRequired: true} when a second step is needed',
  auth: false,
  roles: [],
  site: 'none',
  bodyType: 'form',
  body: z.strictObject({ username: z.string().trim().min(1), password: z.string().min(1) }),
  response: z.union([me, twoFactorChallenge]),
});

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`); spaces are ignored. */
export const twoFactorCode = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(6)
      .max(32)
      // The console's error map words it by i18nKey, the server with `en`.
      .refine((value) => /^[\dA-Za-z-]+$/.test(value), {
        params: { i18nKey: 'auth.errors.code', en: 'must be digits or a recovery code' },
      }),
  );

/** A body of one code: the second sign-in step and the profile's two-factor changes. */
const codeBody = z.strictObject({ code: twoFactorCode });

/** The calls of any signed-in user, whatever their roles, about themselves (no site). */
const anyUser = { auth: true, roles: [], site: 'none' } as const;

export const loginTwoFactorRoute = defineRoute({
  method: 'POST',
  path: '/login/two-factor',
  summary:
    'The second step of a sign-in: form field code (the authenticator code or a recovery code); sets the session',
  auth: false,
  roles: [],
  site: 'none',
  bodyType: 'form',
  body: codeBody,
  response: me,
});

export const twoFactorStatus = z.object({
  /** Two-factor sign-in is on. */
  enrolled: z.boolean(),
  /** One of the user's roles needs it (TWO_FACTOR_ROLES). */
  required: z.boolean(),
  /** Unused recovery codes. */
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const twoFactorStatusRoute = defineRoute({
  method: 'GET',
  path: '/me/two-factor',
  summary:
    "The signed-in user's two-factor sign-in: on or off, required by a role, recovery codes left",
  ...anyUser,
  response: twoFactorStatus,
});

export const twoFactorSetup = z.object({
  /** Base32, for typing into an app by hand; shown only until the enrolment is confirmed. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code: an SVG data URL. */
  qrCode: z.string(),
});

export const twoFactorSetupRoute = defineRoute({
  method: 'POST',
  path: '/me/two-factor/setup',
  summary:
    'Start enrolling: a new TOTP secret (pending until confirmed) with its otpauth URL and QR code; 409 when already on',
  ...anyUser,
  response: twoFactorSetup,
});

export const recoveryCodes = z.object({
  /** Ten single-use codes, shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});

export const twoFactorConfirmRoute = defineRoute({
  method: 'POST',
  path: '/me/two-factor/confirm',
  summary:
    'Confirm the enrolment with a code from the app: turns two-factor sign-in on and returns the recovery codes',
  ...anyUser,
  body: codeBody,
  response: recoveryCodes,
});

export const twoFactorRecoveryCodesRoute = defineRoute({
  method: 'POST',
  path: '/me/two-factor/recovery-codes',
  summary: 'New recovery codes (the old ones stop working), confirmed with a current code',
  ...anyUser,
  body: codeBody,
  response: recoveryCodes,
});

export const twoFactorDisableRoute = defineRoute({
  method: 'POST',
  path: '/me/two-factor/disable',
  summary:
    'Turn two-factor sign-in off, confirmed with a current code; 403 when a role requires it',
  ...anyUser,
  body: codeBody,
  response: twoFactorStatus,
});

/** The calls a user who must enrol may still make (everything else answers 403 until enrolled). */
export const TWO_FACTOR_ENROLMENT_PATHS: readonly string[] = [
  '/me',
  '/logout',
  '/event-tracking/page-views',
  '/me/two-factor',
  '/me/two-factor/setup',
  '/me/two-factor/confirm',
];

export const logoutRoute = defineRoute({
  method: 'POST',
  path: '/logout',
  summary: 'End the current session',
  ...anyUser,
  response: ok,
});

export const meRoute = defineRoute({
  method: 'GET',
  path: '/me',
  summary: 'The signed-in user: login, roles, isClient, tabs and session expiry',
  ...anyUser,
  response: me,
});

export const pageViewRoute = defineRoute({
  method: 'POST',
  path: '/event-tracking/page-views',
  summary: 'Record a console page view (sent on every navigation)',
  auth: true,
  roles: [],
  site: 'query',
  query: z.strictObject({
    page: z
      .string()
      .min(1)
      .max(500)
      .refine((page) => !page.includes('\u0000'), 'must not contain NUL characters'),
    /** Must be a site the user is attached to (403 otherwise). */
    siteId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  }),
  response: ok,
});
