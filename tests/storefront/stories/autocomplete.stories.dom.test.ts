import * as stories from '#storefront/widgets/autocomplete/autocomplete.stories.ts';
import { storySuite } from './story-suite.ts';

storySuite(stories);
