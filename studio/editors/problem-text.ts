/**
 * Problems the designer reads, in the interface language: the token compiler's
 * diagnostics by their stable code, sass's and Handlebars' messages by their known shapes. A
 * message of no known shape keeps its text behind a translated lead.
 */
import type { Diagnostic } from '#tokens/core/types.ts';

/** i18next's `t` (useTranslation's, or the global instance's). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const scoped =
  (translate: Translate): Translate =>
  (key, options) =>
    translate(`studio.editors.problems.${key}`, options);

/** A token diagnostic: its code's text (with the token path and a named reference if any). */
export function tokenProblemText(
  translate: Translate,
  d: Pick<Diagnostic, 'code' | 'path' | 'message'>,
): string {
  const t = scoped(translate);
  const ref = /\{[^{}]+\}/.exec(d.message)?.[0] ?? '';
  const text = t(`token.${d.code.replace('/', '_')}`, { path: d.path, ref, defaultValue: '' });
  return text === '' ? t('token.other', { message: d.message }) : text;
}

const SCSS: Array<[RegExp, string]> = [
  [/^expected "(.+)"\.?$/, 'expected'],
  [/^expected selector\.?$/i, 'expectedSelector'],
  [/^expected expression\.?$/i, 'expectedExpression'],
  [/^Undefined variable\.?$/, 'undefinedVariable'],
  [/^Undefined mixin\.?$/, 'undefinedMixin'],
  [/^Undefined function\.?$/, 'undefinedFunction'],
  [/^Can't find stylesheet to import\.?$/, 'missingImport'],
  [/^Incompatible units/, 'incompatibleUnits'],
  [/^Invalid CSS after/, 'invalidCss'],
  [/^unmatched "(.+)"\.?$/, 'unmatched'],
  [/^SCSS compile timed out$/, 'timeout'],
];

/** A sass message ('expected "}".', 'Undefined variable.') in the interface language. */
export function scssProblemText(translate: Translate, message: string): string {
  const t = scoped(translate);
  for (const [pattern, key] of SCSS) {
    const match = pattern.exec(message.trim());
    if (match) return t(`scss.${key}`, { token: match[1] ?? '' });
  }
  return t('scss.other', { message });
}

const TEMPLATE: Array<[RegExp, string]> = [
  [/^Unknown helper "(.+)"$/, 'unknownHelper'],
  [/^Unknown partial "(.+)"$/, 'unknownPartial'],
  [/^#each needs a list to iterate$/, 'eachNeedsList'],
  [/^(\S+) doesn't match (\S+)$/, 'mismatch'],
  [/^Parse error/, 'parse'],
  [/^Missing helper: "(.+)"$/, 'unknownHelper'],
  [/^The partial (.+) could not be found$/, 'unknownPartial'],
  [/^The catalog has no product to show$/, 'noProduct'],
];

/** A Handlebars problem (compile or render) in the interface language. */
export function templateProblemText(translate: Translate, message: string): string {
  const t = scoped(translate);
  for (const [pattern, key] of TEMPLATE) {
    const match = pattern.exec(message.trim());
    if (match) return t(`template.${key}`, { name: match[1] ?? '', other: match[2] ?? '' });
  }
  return t('template.other', { message });
}
