import { escapeHtml } from './escape.ts';

/** Folds case and ё so that a query "елка" matches "Ёлка". */
function fold(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

/**
 * Escapes `text` and wraps the parts matching the beginnings of the query's words in
 * `<mark class="digi-highlight">`. Returns HTML that is safe to insert as is.
 */
export function highlight(text: string, query: string): string {
  const words = fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .sort((a, b) => b.length - a.length);
  if (words.length === 0) return escapeHtml(text);
  const folded = fold(text);
  const marks: Array<[number, number]> = [];
  const wordStart = /[\p{L}\p{N}]+/gu;
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
