import * as stories from '#storefront/widgets/instant-search/instant-search.stories.ts';
import { storySuite } from './story-suite.ts';

storySuite(stories);
