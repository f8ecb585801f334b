import * as stories from '#storefront/widgets/product-card/product-card.stories.ts';
import { storySuite } from './story-suite.ts';

storySuite(stories);
