/**
 * Font weights: Figma style names (`Bold`, `Semi Bold`, `Regular Italic` …)
 * become CSS numbers; an `Italic` suffix is reported so typography can add
 * `font-style: italic`. Numbers and anything unknown pass through.
 */

const WEIGHTS: Record<string, number> = {
  thin: 100,
  hairline: 100,
  extralight: 200,
  ultralight: 200,
  light: 300,
  book: 400,
  normal: 400,
  regular: 400,
  medium: 500,
  semibold: 600,
  demibold: 600,
  bold: 700,
  extrabold: 800,
  ultrabold: 800,
  black: 900,
  heavy: 900,
  extrablack: 950,
  ultrablack: 950,
};

export function fontWeight(value: string): { weight: string; italic: boolean } {
  const raw = value.trim();
  let key = raw.toLowerCase().replace(/[\s_-]+/g, '');
  let italic = false;
  if (key.endsWith('italic')) {
    italic = true;
    key = key.slice(0, -6);
  }
  if (key === '' && italic) return { weight: '400', italic };
  const w = WEIGHTS[key];
  if (w !== undefined) return { weight: String(w), italic };
  return { weight: italic ? raw.replace(/\s*italic$/i, '') : raw, italic };
}
