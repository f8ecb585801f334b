import i18next from 'i18next';
import type { ApiError } from '#contract/client.ts';

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
  | 'strategyNeedsProduct';

const KNOWN: ReadonlyArray<[RegExp, ServerErrorKey, string?]> = [
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
];

const STATUSES = [400, 401, 403, 404, 409, 413, 429] as const;

/** What the user reads for a failed call, in the interface language. */
export function errorText(error: ApiError, t = i18next.t.bind(i18next)): string {
  // Without loaded texts (i18n not started) the server's own words are better than nothing.
  const text = (key: string, values: Record<string, unknown> = {}) => {
    const translated = (t as (key: string, values: Record<string, unknown>) => string)(key, values);
    return translated && translated !== key ? translated : error.message;
  };
  for (const [pattern, key, param] of KNOWN) {
    const match = pattern.exec(error.message);
    if (match) return text(`errors.server.${key}`, param ? { [param]: match[1] } : {});
  }
  const status = STATUSES.find((code) => code === error.status);
  if (status) return text(`errors.http.${status}`);
  return text(error.status >= 500 ? 'errors.http.500' : 'errors.generic');
}

type RejectionKey =
  | 'noWords'
  | 'tableTags'
  | 'termNoLetter'
  | 'synonymNeedsOther'
  | 'translitOneTarget'
  | 'variantNoLetter'
  | 'targetSameAsSource'
  | 'noVariants'
  | 'attributeListed'
  | 'attributeNotListed'
  | 'sameQuery'
  | 'unknownProduct'
  | 'externalIdTwice'
  | 'keyTwice'
  | 'badMode'
  | 'sameTerm';

const REJECTIONS: ReadonlyArray<[RegExp, RejectionKey, ...string[]]> = [
  [/^The query has no words$/, 'noWords'],
  [/^tableTags: /, 'tableTags'],
  [/^term: must have a letter or a digit$/, 'termNoLetter'],
  [/^variants: a synonym needs at least one other term$/, 'synonymNeedsOther'],
  [/^variants: a transliteration has exactly one target$/, 'translitOneTarget'],
  [/^variants: each must have a letter or a digit$/, 'variantNoLetter'],
  [/^variants: the target must differ from the source$/, 'targetSameAsSource'],
  [/^variants: this list takes none$/, 'noVariants'],
  [/^The attribute (.+) is already listed$/, 'attributeListed', 'name'],
  [/^The attribute (.+) is not listed$/, 'attributeNotListed', 'name'],
  [/^The same query as line (\d+)$/, 'sameQuery', 'line'],
  [/^Unknown product (.+)$/, 'unknownProduct', 'id'],
  [/^externalId (.+) is already on line (\d+)$/, 'externalIdTwice', 'id', 'line'],
  [/^key (.+) is already on line (\d+)$/, 'keyTwice', 'key', 'line'],
  [/^mode: must be one of (.+)$/, 'badMode', 'modes'],
  [/^the same term as line (\d+)$/, 'sameTerm', 'line'],
];

/**
 * Why the server refused one line of an uploaded file, in the interface language (the server
 * writes its reasons in English); an unknown reason reads as a generic refusal.
 */
export function rejectionText(reason: string, t = i18next.t.bind(i18next)): string {
  const translate = t as (key: string, values: Record<string, unknown>) => string;
  for (const [pattern, key, ...names] of REJECTIONS) {
    const match = pattern.exec(reason);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1]]));
    const text = translate(`errors.rejection.${key}`, values);
    return text && text !== `errors.rejection.${key}` ? text : reason;
  }
  const fallback = translate('errors.rejection.other', {});
  return fallback && fallback !== 'errors.rejection.other' ? fallback : reason;
}
