/**
 * Bundle entry of the whole runtime for a merchant page (and the plain-HTML demo): every widget,
 * the recommendation block with Swiper included. Exposed as `window.digi` by the IIFE build.
 */
export { createApiClient } from '../runtime/api-client.ts';
export { mountAutocomplete } from '../widgets/autocomplete/autocomplete.ts';
export { mountInstantSearch } from '../widgets/instant-search/instant-search.ts';
export { mountProductCard } from '../widgets/product-card/product-card.ts';
export { mountRecommendations } from '../widgets/recommendations/recommendations.ts';
export { mountSlider } from '../widgets/slider/slider.ts';
export { mountCartButton } from '../widgets/cart-button/cart-button.ts';
export { mountFavoriteButton } from '../widgets/favorite-button/favorite-button.ts';
