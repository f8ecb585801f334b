/**
 * Who may view and who may edit each query list (spec §6), without zod: the console's route
 * table reads them on the sign-in route, which stays light (DESIGN.md budgets). The list calls
 * (contract/routes/query-lists.ts) take their roles from here.
 */
import type { Role } from '../roles.ts';
import type { QueryListKind } from './query-lists.ts';

export interface QueryListRoles {
  view: readonly Role[];
  edit: readonly Role[];
}

const aq = (...edit: Role[]): QueryListRoles => ({ view: ['ROLE_AQ_VIEW'], edit });
const autocomplete = (edit: Role): QueryListRoles => ({
  view: ['ROLE_AUTOCOMPLETE_VIEW'],
  edit: [edit],
});

export const QUERY_LIST_ROLES: Record<QueryListKind, QueryListRoles> = {
  'white-list': aq('ROLE_AQ_WHITE_BLACK_LIST_CONFIG'),
  'black-list': aq('ROLE_AQ_WHITE_BLACK_LIST_CONFIG'),
  // The search synonyms change which products a query finds and how they rank: the ranking
  // synonyms role edits them too (spec part 1 §6 "Ranking: synonyms").
  synonyms: aq('ROLE_AQ_SYNONYMS_CONFIG', 'ROLE_RANKING_SYNONYMS_CONFIG'),
  brands: aq('ROLE_AQ_BRANDS_CONFIG'),
  'stemmer-exclusions': aq('ROLE_AQ_STEMMER_CONFIG'),
  'brand-exclusions': aq('ROLE_AQ_BRANDS_CONFIG'),
  transliterations: aq('ROLE_AQ_SYNONYMS_CONFIG'),
  'autocomplete-synonyms': autocomplete('ROLE_AUTOCOMPLETE_SYNONYMS_CONFIG'),
  'query-exclusions': autocomplete('ROLE_AUTOCOMPLETE_QUERIES_CONFIG'),
  'autocomplete-black-list': autocomplete('ROLE_AUTOCOMPLETE_QUERIES_CONFIG'),
};
