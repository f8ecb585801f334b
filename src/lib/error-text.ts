import i18next from 'i18next';
import type { ApiError } from '#contract/client.ts';
import { matchKnown, textOr, type KnownMessage } from './known-text.ts';

/*
 * The server answers in English ({status, message}, DESIGN.md); the user reads the console's
 * language. Known messages map to their own texts (with the values they name), the rest to a
 * text per status: a raw «409 / User … already exists» never reaches a Russian user.
 */

type ServerErrorKey =
  | 'userExists'
  | 'verticalExists'
  | 'siteChanged'
  | 'jobRunning'
  | 'wrongPassword'
  | 'unknownVertical'
  | 'unknownTimeZone'
  | 'unknownRole'
  | 'staffRolesAdminOnly'
  | 'ownAdminRole'
  | 'siteNotAttached'
  | 'invalidFilter'
  | 'configForbidden'
  | 'configChanged'
  | 'xsrf'
  | 'strategyNeedsProduct'
  | 'boostFileBothLayouts'
  | 'boostFileNoLayout'
  | 'noColumn';

const KNOWN: ReadonlyArray<KnownMessage<ServerErrorKey>> = [
  [/^User (.+) already exists$/, 'userExists', 'login'],
  [/^Vertical (.+) already exists$/, 'verticalExists', 'name'],
  [/^The site was changed by someone else/, 'siteChanged'],
  [/job is already running/, 'jobRunning'],
  [/^Wrong username or password$/, 'wrongPassword'],
  [/^Unknown vertical: (.+)$/, 'unknownVertical', 'names'],
  [/^Unknown time zone: (.+)$/, 'unknownTimeZone', 'zone'],
  [/^Unknown role: (.+)$/, 'unknownRole', 'roles'],
  [/^Only an administrator can grant staff roles$/, 'staffRolesAdminOnly'],
  [/^You cannot remove your own administrator role$/, 'ownAdminRole'],
  [/^This site is not attached to/, 'siteNotAttached'],
  [/^Invalid filter "(.+)"/, 'invalidFilter', 'filter'],
  [/^Your roles do not allow/, 'configForbidden'],
  [/changed by someone else/, 'configChanged'],
  [/XSRF token/, 'xsrf'],
  [/cannot serve pages without one: (.+)$/, 'strategyNeedsProduct', 'pages'],
  [/^The file has both attributeName and productId columns/, 'boostFileBothLayouts'],
  [/^The file has no column attributeName or productId$/, 'boostFileNoLayout'],
  [/^The file has no column (.+)$/, 'noColumn', 'columns'],
];

const STATUSES = [400, 401, 403, 404, 409, 413, 429] as const;

/** What the user reads for a failed call, in the interface language. */
export function errorText(error: ApiError, t = i18next.t.bind(i18next)): string {
  // Without loaded texts (i18n not started) the server's own words are better than nothing.
  const text = (key: string, values: Record<string, unknown> = {}) =>
    textOr(t, key, values, error.message);
  const known = matchKnown(KNOWN, error.message);
  if (known) return text(`errors.server.${known.key}`, known.values);
  const status = STATUSES.find((code) => code === error.status);
  if (status) return text(`errors.http.${status}`);
  return text(error.status >= 500 ? 'errors.http.500' : 'errors.generic');
}

// The upload report's reasons: apart, so the sign-in route (api.ts imports this) leaves them out.
export { rejectionText } from './rejection-text.ts';
