import { composeStories } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

/**
 * Every story renders in Russian without errors and passes axe (serious/critical): the
 * stories double as fixtures (STYLE.md 35).
 */
const modules = import.meta.glob<Record<string, unknown>>('../../../src/ui/**/*.stories.tsx', {
  eager: true,
});

type StoryModule = Parameters<typeof composeStories>[0];

const cases = Object.entries(modules).flatMap(([path, module]) =>
  Object.entries(composeStories(module as StoryModule) as Record<string, ComponentType>).map(
    ([name, Story]) => [`${path.replace(/^.*src\/ui\//, '')} › ${name}`, Story] as const,
  ),
);

describe('stories', () => {
  it('are found', () => {
    expect(cases.length).toBeGreaterThan(50);
  });

  it.each(cases)('%s', async (_name, Story) => {
    const { baseElement } = renderWithProviders(<Story />);
    expect(baseElement.textContent ?? '').not.toMatch(
      /\b(ui|actions|fields|errors)\.[a-z]+\.?[a-zA-Z]*/,
    );
    await expectNoSeriousA11yViolations(baseElement);
  });
});
