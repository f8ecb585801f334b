import { foldText, WORD_CHARACTERS, wordsOf } from '#contract/text.ts';
import { escapeHtml } from './escape.ts';

/**
 * Escapes `text` and wraps the parts matching the beginnings of the query's words in
 * `<mark class="digi-highlight">`. Returns HTML that is safe to insert as is.
 */
export function highlight(text: string, query: string): string {
  // The words as search reads them (folded case and ё: a query "елка" marks "Ёлка").
  const words = wordsOf(query).sort((a, b) => b.length - a.length);
  if (words.length === 0) return escapeHtml(text);
  const folded = foldText(text);
  const marks: Array<[number, number]> = [];
  const wordStart = new RegExp(`[${WORD_CHARACTERS}]+`, 'g');
  for (let m = wordStart.exec(folded); m !== null; m = wordStart.exec(folded)) {
    const word = words.find((w) => m !== null && m[0].startsWith(w));
    if (word !== undefined) marks.push([m.index, m.index + word.length]);
  }
  let html = '';
  let at = 0;
  for (const [start, end] of marks) {
    html += `${escapeHtml(text.slice(at, start))}<mark class="digi-highlight">${escapeHtml(text.slice(start, end))}</mark>`;
    at = end;
  }
  return html + escapeHtml(text.slice(at));
}
