import * as stories from '#storefront/integrations/dolyame/dolyame.stories.ts';
import { storySuite } from './story-suite.ts';

storySuite(stories, { shield: false });
