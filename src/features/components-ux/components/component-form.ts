import type * as z from 'zod';
import { globalComponent } from '#contract/entities/config.ts';

/** The editor's form: the contract's component schema is the resolver (STYLE.md 14). */
export const componentForm = globalComponent;
export type ComponentForm = z.input<typeof componentForm>;
export type ComponentValues = z.output<typeof componentForm>;
