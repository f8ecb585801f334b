import * as stories from '#storefront/widgets/favorite-button/favorite-button.stories.ts';
import { storySuite } from './story-suite.ts';

storySuite(stories);
