import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReadOnlyNotice } from '#src/ui/read-only/read-only-notice.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

describe('ReadOnlyNotice', () => {
  it('is a note with the host’s words, the icon left out of the text', async () => {
    const { container } = renderWithProviders(
      <ReadOnlyNotice id="why">Только просмотр: изменять могут роли «Интегратор».</ReadOnlyNotice>,
    );
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(/^Только просмотр: изменять могут роли «Интегратор»\.$/);
    expect(note).toHaveAttribute('id', 'why');
    await expectNoSeriousA11yViolations(container);
  });
});
