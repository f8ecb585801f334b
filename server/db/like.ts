/** `%text%` for ILIKE, with LIKE's own characters (`%`, `_`, `\`) in the text taken literally. */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
