/**
 * Bundle entry of a site's generated storefront bundle when it has only search widgets
 * (autocomplete, instant search, their product cards): no recommendation block, no Swiper
 * (~26 KB min+gzip against ~57 KB for boot.ts).
 */
import { mountAutocomplete } from '../widgets/autocomplete/autocomplete.ts';
import { mountInstantSearch } from '../widgets/instant-search/instant-search.ts';
import { mountProductCard } from '../widgets/product-card/product-card.ts';
import { createBoot } from './boot-core.ts';

export * from './search.ts';

export const boot = createBoot({ mountAutocomplete, mountInstantSearch, mountProductCard });
