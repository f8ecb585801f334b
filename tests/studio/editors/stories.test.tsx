import { composeStories } from '@storybook/react-vite';
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../../src/ui/axe.ts';
import './codemirror-jsdom.ts';
import { renderEditors } from './render-editors.tsx';

/** The editors' stories render in Russian with every string found, and pass axe. */
const modules = {
  ...import.meta.glob<Record<string, unknown>>('../../../studio/editors/*.stories.tsx', {
    eager: true,
  }),
  ...import.meta.glob<Record<string, unknown>>('../../../studio/drafts/*.stories.tsx', {
    eager: true,
  }),
  ...import.meta.glob<Record<string, unknown>>(
    '../../../studio/panels/{tokens,versions}-panel.stories.tsx',
    { eager: true },
  ),
};

type StoryModule = Parameters<typeof composeStories>[0];

const cases = Object.entries(modules).flatMap(([path, module]) =>
  Object.entries(composeStories(module as StoryModule) as Record<string, ComponentType>).map(
    ([name, Story]) => [`${path.replace(/^.*studio\//, '')} › ${name}`, Story] as const,
  ),
);

describe('studio editor stories', () => {
  it('are found', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases)('%s', async (_name, Story) => {
    const { baseElement } = renderEditors(<Story />);
    // lazy parts (CodeMirror) settle before the checks
    await screen.findAllByText(/./);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(baseElement.textContent ?? '').not.toMatch(/studio\.editors\./);
    await expectNoSeriousA11yViolations(baseElement);
  });
});
