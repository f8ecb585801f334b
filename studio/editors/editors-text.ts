import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type texts from '../locales/ru/editors.json';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of studio/locales/ru/editors.json, plural suffixes collapsed. */
export type EditorsTextKey =
  Leaves<typeof texts> extends infer K
    ? K extends `${infer Base}_${'one' | 'few' | 'many' | 'other'}`
      ? Base
      : K
    : never;

/** The editors' strings: `studio.editors.*` (studio/locales/{ru,en}/editors.json). */
export function useEditorsText(): (
  key: EditorsTextKey,
  options?: Record<string, unknown>,
) => string {
  const { t } = useTranslation();
  return useCallback(
    (key, options) =>
      (t as unknown as (key: string, options?: Record<string, unknown>) => string)(
        `studio.editors.${key}`,
        options,
      ),
    [t],
  );
}
