import * as stories from '#storefront/widgets/recommendations/recommendations.stories.ts';
import { storySuite } from './story-suite.ts';

storySuite(stories);
