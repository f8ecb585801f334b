import { afterEach, describe, expect, it } from 'vitest';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview.ts';
import * as stories from '#storefront/widgets/product-card/product-card.stories.ts';

setProjectAnnotations(preview);

afterEach(() => document.body.replaceChildren());

describe('product card stories', () => {
  for (const [name, Story] of Object.entries(composeStories(stories))) {
    it(name, async () => {
      await Story.run();
      expect(document.querySelector('#digi-shield')).not.toBeNull();
    });
  }
});
