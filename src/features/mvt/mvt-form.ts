import * as z from 'zod';
import { migrateMvtConfig, mvtConfig } from '#contract/entities/config.ts';

/**
 * The config is the spec's list of entries; react-hook-form needs an object at the root, so the
 * form holds the list under `entries` and validates it with the contract's schema (STYLE.md 14).
 */
export const mvtForm = z.object({ entries: mvtConfig });
export type MvtFormIn = z.input<typeof mvtForm>;
export type MvtFormOut = z.output<typeof mvtForm>;

export const mvtToForm = (config: unknown): MvtFormIn => ({
  entries: (migrateMvtConfig(config) ?? []) as MvtFormIn['entries'],
});
/** Form values → the list; a list (a restored version or draft, loaded as is) stays itself. */
export const mvtFromForm = (values: unknown): unknown =>
  Array.isArray(values) ? values : migrateMvtConfig(values);
