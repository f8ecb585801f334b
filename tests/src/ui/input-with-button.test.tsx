import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { InputWithButton } from '#src/ui/input-with-button/input-with-button.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

function Attach({ onSubmit }: { onSubmit: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <InputWithButton
      label="Логин"
      value={value}
      onChange={setValue}
      onSubmit={onSubmit}
      buttonLabel="Привязать"
      buttonDisabled={value === ''}
    />
  );
}

describe('InputWithButton', () => {
  it('submits by button and by Enter, not while the button is disabled', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Attach onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Привязать' });
    expect(button).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Логин' }), '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Логин' }), 'manager{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith('manager');
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('has no serious a11y violations', async () => {
    const { container } = renderWithProviders(<Attach onSubmit={() => undefined} />);
    await expectNoSeriousA11yViolations(container);
  });
});
