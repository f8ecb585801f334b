import * as z from 'zod';

/**
 * Schemas carry no user-facing text (STYLE.md 16): this map turns zod issue codes into
 * `errors.validation.*` keys and translates them with the active language. A schema that
 * needs its own wording passes a key, not a text: `.refine(fn, { params: { i18nKey, en } })`
 * (`en` is the server's English). The key is an `errors.validation.*` one (the core strings,
 * loaded with every screen) or a screen's own `<domain>.errors.*` one, loaded with the screens
 * that show the schema (tests/contract/i18n-keys.node.test.ts: every key in both languages).
 */
export type ValidationKey =
  | 'errors.validation.required'
  | 'errors.validation.invalidType'
  | 'errors.validation.invalidValue'
  | 'errors.validation.invalidFormat'
  | 'errors.validation.email'
  | 'errors.validation.url'
  | 'errors.validation.tooShort'
  | 'errors.validation.tooLong'
  | 'errors.validation.tooFewItems'
  | 'errors.validation.tooManyItems'
  | 'errors.validation.numberTooSmall'
  | 'errors.validation.numberTooBig'
  | 'errors.validation.notMultipleOf'
  | 'errors.validation.unrecognizedKeys'
  | 'errors.validation.mvtTotal'
  | 'errors.validation.widgetId'
  | 'errors.validation.termNoWord'
  | 'errors.validation.localDateTime'
  | 'errors.validation.endBeforeStart'
  | 'errors.validation.productsOrCategories'
  | 'errors.validation.pinNeedsProducts'
  | 'errors.validation.redirectUrl'
  | 'errors.validation.kbSlug'
  | 'errors.validation.invalid';

/** A screen's own validation text: `<domain>.errors.<name>` (a Dolyame colour, a feed's region id …). */
export type DomainErrorKey = `${string}.errors.${string}`;

/** The keys a refinement may name in `params.i18nKey`. */
export function isValidationKey(key: unknown): key is ValidationKey | DomainErrorKey {
  return typeof key === 'string' && /^(errors\.validation|[a-z][A-Za-z]*\.errors)\.\w+$/.test(key);
}

export interface IssueMessage {
  key: ValidationKey | DomainErrorKey;
  params?: Record<string, string | number>;
}

type Issue = z.core.$ZodRawIssue;

function sizeIssue(
  issue: Issue & { origin?: unknown },
  small: boolean,
  limit: number,
): IssueMessage {
  const count = Number(limit);
  switch (issue.origin) {
    case 'string':
      if (small && count === 1) return { key: 'errors.validation.required' };
      return {
        key: small ? 'errors.validation.tooShort' : 'errors.validation.tooLong',
        params: { count },
      };
    case 'array':
    case 'set':
      // An empty list that needs one item is an empty required field (a picker, lines of text).
      if (small && count === 1) return { key: 'errors.validation.required' };
      return {
        key: small ? 'errors.validation.tooFewItems' : 'errors.validation.tooManyItems',
        params: { count },
      };
    default:
      return small
        ? { key: 'errors.validation.numberTooSmall', params: { minimum: count } }
        : { key: 'errors.validation.numberTooBig', params: { maximum: count } };
  }
}

/** The i18n key (and interpolation values) for one zod issue. */
export function issueMessage(issue: Issue): IssueMessage {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? { key: 'errors.validation.required' }
        : { key: 'errors.validation.invalidType' };
    case 'too_small':
      return sizeIssue(issue, true, Number(issue.minimum));
    case 'too_big':
      return sizeIssue(issue, false, Number(issue.maximum));
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'errors.validation.email' };
      if (issue.format === 'url') return { key: 'errors.validation.url' };
      return { key: 'errors.validation.invalidFormat' };
    case 'not_multiple_of':
      return { key: 'errors.validation.notMultipleOf', params: { divisor: Number(issue.divisor) } };
    case 'unrecognized_keys':
      return { key: 'errors.validation.unrecognizedKeys', params: { keys: issue.keys.join(', ') } };
    case 'invalid_value':
      return { key: 'errors.validation.invalidValue' };
    case 'custom': {
      const key: unknown = issue.params?.['i18nKey'];
      if (isValidationKey(key)) {
        // Numbers a refinement passes beside its key (e.g. the MVT total) fill the text.
        const values = Object.entries(issue.params ?? {}).filter(
          (entry): entry is [string, number] => typeof entry[1] === 'number',
        );
        return values.length ? { key, params: Object.fromEntries(values) } : { key };
      }
      return { key: 'errors.validation.invalid' };
    }
    default:
      return { key: 'errors.validation.invalid' };
  }
}

export type Translate = (key: ValidationKey, params?: Record<string, string | number>) => string;

/** Installs the global map; `translate` is called per issue, so the active language wins. */
export function installZodErrorMap(translate: Translate): void {
  z.config({
    customError: (issue) => {
      const { key, params } = issueMessage(issue);
      // A screen's key is typed as a string of its domain, not one of ValidationKey's.
      const text = translate(key as ValidationKey, params);
      // A screen's key whose strings are not loaded reads as a plain refusal, never as the key.
      return text && text !== key ? text : translate('errors.validation.invalid');
    },
  });
}
