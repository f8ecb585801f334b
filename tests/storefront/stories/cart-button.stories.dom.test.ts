import * as stories from '#storefront/widgets/cart-button/cart-button.stories.ts';
import { storySuite } from './story-suite.ts';

storySuite(stories);
