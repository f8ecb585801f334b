import type { FeedRule } from '#contract/entities/feeds.ts';
import type { CatalogParam } from '../platform/db/schema.ts';

interface OfferLike {
  id: string;
  groupId?: string | null | undefined;
  vendor?: string | null | undefined;
  categoryId: string;
}

/**
 * The feed rules as one test (spec §3 "Feed rule"): CATEGORY matches the category or any
 * ancestor (its path), VENDOR the vendor case-insensitively, OFFER the offer id or its group_id.
 * With INCLUDE rules an offer must match one; an EXCLUDE match always drops it. No rules: all kept.
 */
export function createOfferFilter(rules: readonly FeedRule[]) {
  const sets = (type: FeedRule['type']) => {
    const pick = (entity: FeedRule['entityName']) =>
      new Set(
        rules
          .filter((rule) => rule.type === type && rule.entityName === entity)
          .map((rule) => (entity === 'VENDOR' ? rule.entityId.toLowerCase() : rule.entityId)),
      );
    return { category: pick('CATEGORY'), vendor: pick('VENDOR'), offer: pick('OFFER') };
  };
  const include = sets('INCLUDE');
  const exclude = sets('EXCLUDE');
  const hasInclude = rules.some((rule) => rule.type === 'INCLUDE');
  const matches = (group: ReturnType<typeof sets>, offer: OfferLike, path: readonly string[]) =>
    path.some((id) => group.category.has(id)) ||
    (offer.vendor ? group.vendor.has(offer.vendor.toLowerCase()) : false) ||
    group.offer.has(offer.id) ||
    (offer.groupId ? group.offer.has(offer.groupId) : false);
  if (rules.length === 0) return null;
  return (offer: OfferLike, categoryPath: readonly string[]): boolean => {
    const path = categoryPath.length ? categoryPath : [offer.categoryId];
    if (matches(exclude, offer, path)) return false;
    return !hasInclude || matches(include, offer, path);
  };
}

/** The feed attributes (spec §3): with a list, only the params it names are kept. */
export function createParamFilter(names: readonly string[]) {
  if (names.length === 0) return null;
  const keep = new Set(names.map((name) => name.trim().toLowerCase()));
  return (params: CatalogParam[]) =>
    params.filter((param) => keep.has(param.name.trim().toLowerCase()));
}
