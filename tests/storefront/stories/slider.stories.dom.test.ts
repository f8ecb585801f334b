import * as stories from '#storefront/widgets/slider/slider.stories.ts';
import { storySuite } from './story-suite.ts';

storySuite(stories);
