// The storefront's own stylesheet (compiled by Vite): the preview frame's CSS is this plus the
// config's compiled SCSS, as in the generated bundle. Loaded only by the studio screens' chunk.
import storefrontCss from '#storefront/styles/storefront.scss?inline';

export const STOREFRONT_BASE_CSS: string = storefrontCss;
