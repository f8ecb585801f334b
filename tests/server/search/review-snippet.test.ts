/** The card's review snippet: the start of the description, cut at a word. */
import { describe, expect, it } from 'vitest';
import { SNIPPET_CHARS, snippetOf } from '#server/search/reviews.ts';

describe('snippetOf', () => {
  it('keeps a short description whole, with its spaces tidied', () => {
    expect(snippetOf('  Удобные,\n лёгкие  ')).toBe('Удобные, лёгкие');
  });
  it('gives nothing for no or blank text', () => {
    expect(snippetOf(null)).toBeNull();
    expect(snippetOf(' \n ')).toBeNull();
  });
  it('cuts a long one at a word and ends it with an ellipsis', () => {
    const text = 'Очень удобные кроссовки, '.repeat(20);
    const snippet = snippetOf(text)!;
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_CHARS + 1);
    expect(snippet.endsWith('…')).toBe(true);
    expect(text.startsWith(snippet.slice(0, -1))).toBe(true);
    expect(snippet).not.toMatch(/[ ,]…$/);
  });
  it('cuts a word longer than the snippet where it must', () => {
    expect(snippetOf('а'.repeat(400))).toBe(`${'а'.repeat(SNIPPET_CHARS)}…`);
  });
});
