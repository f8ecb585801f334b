/**
 * Bundle entry of a site's generated storefront bundle with every widget (used when the site has
 * recommendation blocks or global components): the whole runtime plus `boot` (boot-core.ts).
 */
import { mountAutocomplete } from '../widgets/autocomplete/autocomplete.ts';
import { mountInstantSearch } from '../widgets/instant-search/instant-search.ts';
import { mountProductCard } from '../widgets/product-card/product-card.ts';
import { mountRecommendations } from '../widgets/recommendations/recommendations.ts';
import { mountSlider } from '../widgets/slider/slider.ts';
import { mountCartButton } from '../widgets/cart-button/cart-button.ts';
import { mountFavoriteButton } from '../widgets/favorite-button/favorite-button.ts';
import { createBoot } from './boot-core.ts';

export * from './full.ts';

export const boot = createBoot({
  mountAutocomplete,
  mountInstantSearch,
  mountProductCard,
  mountRecommendations,
  mountSlider,
  mountCartButton,
  mountFavoriteButton,
});
