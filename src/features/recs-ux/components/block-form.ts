import type * as z from 'zod';
import {
  RECS_TEMPLATE_PARTS,
  recommendationsBlock,
  type RecommendationsBlock,
} from '#contract/entities/config.ts';

/** The editor's form: the contract's block schema is the resolver (STYLE.md 14). */
export const blockForm = recommendationsBlock;
export type BlockForm = z.input<typeof blockForm>;
export type BlockValues = z.output<typeof blockForm>;

/** Every template part present in the form (its fields register as soon as the tab exists). */
export function blockToForm(config: unknown): BlockForm {
  const block = config as RecommendationsBlock;
  const htmlTemplate = { ...block.htmlTemplate };
  for (const part of RECS_TEMPLATE_PARTS) {
    htmlTemplate[part] = { html: '', script: '', ...htmlTemplate[part] };
  }
  return { ...block, htmlTemplate };
}

/** Parts left empty are the storefront's defaults: they are not stored. */
export function blockFromForm(values: unknown): unknown {
  const block = values as RecommendationsBlock;
  const htmlTemplate: RecommendationsBlock['htmlTemplate'] = {};
  for (const [part, value] of Object.entries(block.htmlTemplate ?? {})) {
    if (value && (value.html || value.script)) {
      htmlTemplate[part as keyof typeof htmlTemplate] = value;
    }
  }
  return { ...block, htmlTemplate };
}
