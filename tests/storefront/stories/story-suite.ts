import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import axe from 'axe-core';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview.ts';

/**
 * Runs every story of a module in jsdom through Storybook's portable stories: rendered with the
 * real runtime, its play function (interaction test) executed, then checked with axe.
 * colour-contrast needs layout jsdom has not; `region` is a page-level rule.
 */
setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0];

/** `shield: false` for widgets that run on the merchant's page itself (the Dolyame widget). */
export function storySuite(module: StoryModule, options: { shield?: boolean } = {}): void {
  const title = (module.default as { title?: string }).title ?? 'stories';
  beforeEach(() => localStorage.clear());
  afterEach(() => document.body.replaceChildren());
  describe(title, () => {
    const stories = Object.entries(composeStories(module)) as Array<
      [string, { run(): Promise<void> }]
    >;
    for (const [name, Story] of stories) {
      it(`${name}: renders through the runtime, plays and passes axe`, async () => {
        await Story.run();
        if (options.shield !== false) expect(document.querySelector('#digi-shield')).not.toBeNull();
        const results = await axe.run(document.body, {
          rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
        });
        expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html ?? ''}`)).toEqual([]);
      }, 30_000);
    }
  });
}
