/**
 * Every problem a feed import reports about a row, offer or category, defined once: its English
 * reason (for API clients, unchanged) and a stable code with the params the reason is built from,
 * which the console translates (`feeds.problems.<code>` in src/locales/<lang>/feeds.json).
 */
export interface FeedProblemText {
  reason: string;
  code: FeedProblemCode;
  params: Record<string, string>;
}

export const FEED_PROBLEM_CODES = [
  // YML offers and categories
  'offerNoId',
  'duplicateOfferId',
  'invalidPrice',
  'offerNoName',
  'offerNoUrl',
  'unsafeLink',
  'droppedPictures',
  'unknownCurrency',
  'currencyRateNotNumber',
  'unknownCategoryTakenUnder',
  'offerNoCategory',
  'unknownCategoryNoCategory',
  'tooManyParams',
  'categoryNoId',
  'duplicateCategoryId',
  'categoryUnknownParent',
  'categoryParentCycle',
  // OZON products
  'productNoMerchantSku',
  'duplicateMerchantSku',
  'productNoType',
  'productNoName',
  'invalidOzonPrice',
  // delta feed rows
  'rowNoExternalId',
  'invalidDeltaPrice',
  'rowChangesNothing',
  'unknownOffer',
  // facets feed rows
  'facetRowIncomplete',
  'facetRowTooLong',
  'facetAttributeTwice',
  // content feed pages
  'pageNoId',
  'pageNoUrl',
  'pageNoTitle',
  'duplicatePageId',
] as const;
export type FeedProblemCode = (typeof FEED_PROBLEM_CODES)[number];

const text = (
  code: FeedProblemCode,
  reason: string,
  params: Record<string, string> = {},
): FeedProblemText => ({ reason, code, params });

export const offerNoId = () => text('offerNoId', 'The offer has no id');
export const duplicateOfferId = (id: string) =>
  text('duplicateOfferId', `Duplicate offer id ${id}`, { id });
export const invalidPrice = (price: string) =>
  text('invalidPrice', `Missing or invalid price "${price}"`, { price });
export const offerNoName = () => text('offerNoName', 'The offer has no name');
export const offerNoUrl = () => text('offerNoUrl', 'The offer has no url');

/** Why an offer's link was refused (the start of it, so the report stays short). */
export const unsafeLink = (link: string) => {
  const url = JSON.stringify(link.slice(0, 80));
  return text('unsafeLink', `The offer url ${url} is not an http(s) link`, { url });
};

export const droppedPictures = (dropped: number) =>
  text(
    'droppedPictures',
    `${dropped} picture${dropped === 1 ? ' is' : 's are'} not http(s) or image data URLs: dropped`,
    { count: String(dropped) },
  );

export const unknownCurrency = (currency: string) =>
  text('unknownCurrency', `Unknown currency ${currency}: <currencies> gives no rate for it`, {
    currency,
  });
export const currencyRateNotNumber = (currency: string, rate: string, base: string) =>
  text(
    'currencyRateNotNumber',
    `Currency ${currency} has the rate "${rate}": only a number can convert its prices to ${base}`,
    { currency, rate, base },
  );

export const unknownCategoryTakenUnder = (unknown: string, known: string) =>
  text('unknownCategoryTakenUnder', `Unknown category ${unknown}: taken under ${known}`, {
    unknown,
    known,
  });
/** The category an offer is taken under when none of its own is known (NO_CATEGORY). */
interface Fallback {
  id: string;
  name: string;
}
export const offerNoCategory = ({ name, id }: Fallback) =>
  text('offerNoCategory', `The offer has no categoryId: taken under "${name}" (${id})`, {
    name,
    id,
  });
export const unknownCategoryNoCategory = (unknown: string, { name, id }: Fallback) =>
  text('unknownCategoryNoCategory', `Unknown category ${unknown}: taken under "${name}" (${id})`, {
    unknown,
    name,
    id,
  });
export const tooManyParams = (max: number) =>
  text('tooManyParams', `More than ${max} params: the rest are dropped`, { max: String(max) });
export const categoryNoId = () => text('categoryNoId', 'A category has no id: skipped');
export const duplicateCategoryId = (id: string) =>
  text('duplicateCategoryId', `Duplicate category id ${id}`, { id });
export const categoryUnknownParent = (id: string, parent: string) =>
  text(
    'categoryUnknownParent',
    `Category ${id} names an unknown parent ${parent}: taken as a root`,
    { id, parent },
  );
export const categoryParentCycle = (id: string) =>
  text('categoryParentCycle', `Category ${id} is in a parent cycle: taken as a root`, { id });

export const productNoMerchantSku = () =>
  text('productNoMerchantSku', 'The product has no MerchantSKU');
export const duplicateMerchantSku = (id: string) =>
  text('duplicateMerchantSku', `Duplicate MerchantSKU ${id}`, { id });
export const productNoType = () => text('productNoType', 'The product has no ProductTypeID');
export const productNoName = () => text('productNoName', 'The product has no SKU/Name');
export const invalidOzonPrice = (price: string) =>
  text('invalidOzonPrice', `Missing or invalid Price/SellingPrice "${price}"`, { price });

export const rowNoExternalId = () => text('rowNoExternalId', 'The row has no external id');
export const invalidDeltaPrice = (price: string) =>
  text('invalidDeltaPrice', `Invalid price "${price}"`, { price });
export const rowChangesNothing = () =>
  text('rowChangesNothing', 'The row changes nothing (no price, availability or attribute)');
export const unknownOffer = (id: string) =>
  text('unknownOffer', `Unknown offer ${id}: not in the catalog`, { id });

export const facetRowIncomplete = () =>
  text('facetRowIncomplete', 'The row needs a categoryId and an attribute');
export const facetRowTooLong = () =>
  text('facetRowTooLong', 'A categoryId or attribute longer than 200 characters');
export const facetAttributeTwice = (attribute: string, category: string) =>
  text(
    'facetAttributeTwice',
    `The attribute ${attribute} is listed twice for category ${category}`,
    { attribute, category },
  );

export const pageNoId = () => text('pageNoId', 'The page has no id');
export const pageNoUrl = (id: string) =>
  text('pageNoUrl', `The page ${id} has no http(s) url`, { id });
export const pageNoTitle = (id: string) =>
  text('pageNoTitle', `The page ${id} has no title`, { id });
export const duplicatePageId = (id: string) =>
  text('duplicatePageId', `Duplicate page id ${id}`, { id });

/** A problem as stored in a report or a job result (contract `feedProblem`). */
export const storedProblem = (line: number, problem: FeedProblemText, id: string | null) => ({
  line,
  reason: problem.reason,
  code: problem.code,
  params: problem.params,
  id,
});
