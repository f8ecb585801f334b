import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Hint } from '#src/ui/hint/hint.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

describe('Hint', () => {
  it('opens 300 ms after hovering and closes on leave', async () => {
    // Real timers: Testing Library's async wrapper waits on setTimeout, which vitest's fake
    // timers would freeze.
    const { user } = renderWithProviders(<Hint content="Множитель выше 5 ухудшает поиск" />);
    const trigger = screen.getByRole('button', { name: 'Подсказка' });
    const started = Date.now();
    await user.hover(trigger);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    const tooltip = await screen.findByRole('tooltip');
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(tooltip).toHaveTextContent('Множитель выше 5 ухудшает поиск');
    await user.unhover(trigger);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('opens on keyboard focus, describes its trigger, closes on Escape', async () => {
    const { user } = renderWithProviders(
      <Hint content="Откроется в новом окне">
        <button type="button">AUTO</button>
      </Hint>,
    );
    await user.tab();
    const trigger = screen.getByRole('button', { name: 'AUTO' });
    expect(trigger).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Откроется в новом окне');
    expect(trigger).toHaveAccessibleDescription('Откроется в новом окне');
    await expectNoSeriousA11yViolations();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
