import i18next from 'i18next';
import { matchKnown, textOr, type KnownMessage } from './known-text.ts';

/*
 * Why the server refused one line of an uploaded file (the upload report's `reason`, in English)
 * in the interface language: each known reason maps to its own text with the values it names.
 */

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
  | 'sameTerm'
  | 'productsOrCategories'
  | 'pinNeedsProducts'
  | 'endBeforeStart'
  | 'noAttributeValues'
  | 'dateFormat';

const REJECTIONS: ReadonlyArray<KnownMessage<RejectionKey>> = [
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
  // server/merchandising/upload-rows.ts (its refinements name these keys beside the English).
  [/^Name products or categories$/, 'productsOrCategories'],
  [/^A pin names products$/, 'pinNeedsProducts'],
  [/^The end is before the start$/, 'endBeforeStart'],
  [/^attributeValues: No attribute values$/, 'noAttributeValues'],
  [/^(startDate|endDate): Use YYYY-MM-DDTHH:mm$/, 'dateFormat', 'column'],
];

/**
 * Why the server refused one line of an uploaded file, in the interface language (the server
 * writes its reasons in English); an unknown reason reads as a generic refusal.
 */
export function rejectionText(reason: string, t = i18next.t.bind(i18next)): string {
  const known = matchKnown(REJECTIONS, reason);
  return known
    ? textOr(t, `errors.rejection.${known.key}`, known.values, reason)
    : textOr(t, 'errors.rejection.other', {}, reason);
}
