/** `%text%` for ILIKE, with LIKE's own characters (`%`, `_`, `\`) in the text taken literally. */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** `text%` for LIKE (a prefix), with LIKE's own characters taken literally. */
export const prefixPattern = (text: string): string =>
  `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
