import * as z from 'zod';
import { recommendationsBlock } from '#contract/entities/config.ts';

/** The editor's form: the contract's block schema is the resolver (STYLE.md 14). */
export const blockForm = recommendationsBlock;
export type BlockForm = z.input<typeof blockForm>;
export type BlockValues = z.output<typeof blockForm>;
