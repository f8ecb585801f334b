/** Hierarchical keys (STYLE.md 11): the signed-in user's reads sit under `me`. */
export const authKeys = {
  /** Who the server says is signed in, with their roles. */
  me: ['me'] as const,
};
