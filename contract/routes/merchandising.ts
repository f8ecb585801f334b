/**
 * The merchandising calls of spec part 2 §7 "Merchandising" and "Custom model", one module per
 * rule family (as in server/merchandising/): search rules, recommendation rules, custom models.
 */
export * from './merchandising-search-rules.ts';
export * from './merchandising-recs-rules.ts';
export * from './merchandising-custom-models.ts';
