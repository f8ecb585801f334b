import type * as z from 'zod';
import { mvtConfig } from '#contract/entities/config.ts';

/** The contract's MVT schema is the form's resolver (STYLE.md 14). */
export const mvtForm = mvtConfig;
export type MvtFormIn = z.input<typeof mvtForm>;
export type MvtFormOut = z.output<typeof mvtForm>;
