import { readFileSync } from 'node:fs';

/** The text of a console key (`shell.error.title`) in a language, as the console shows it (no interpolation). */
export function localeText(locale: 'ru' | 'en', key: string): string {
  const [domain, ...path] = key.split('.');
  const file = domain!.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  const strings: unknown = JSON.parse(
    readFileSync(new URL(`../src/locales/${locale}/${file}.json`, import.meta.url), 'utf8'),
  );
  const text = path.reduce<unknown>(
    (node, part) => (node as Record<string, unknown> | undefined)?.[part],
    strings,
  );
  if (typeof text !== 'string') throw new Error(`No ${locale} text for ${key}`);
  return text;
}

/** The Russian text of a console key (`shell.error.title`), as the console shows it (no interpolation). */
export const ruText = (key: string): string => localeText('ru', key);
