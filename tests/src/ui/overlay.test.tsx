import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Overlay } from '#src/ui/overlay/overlay.tsx';
import { lockScroll, scrollLockCount } from '#src/ui/overlay/scroll-lock.ts';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

describe('Overlay', () => {
  it('covers the page with a spinner and locks scroll while open', async () => {
    const { rerender } = renderWithProviders(<Overlay open />);
    expect(screen.getByTestId('ui-overlay')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка…');
    expect(document.body.style.overflow).toBe('hidden');
    await expectNoSeriousA11yViolations();
    rerender(<Overlay open={false} />);
    expect(screen.queryByTestId('ui-overlay')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('counts references: scroll comes back when the last overlay closes', () => {
    document.body.style.overflow = 'auto';
    const { rerender } = renderWithProviders(
      <>
        <Overlay open />
        <Overlay open />
      </>,
    );
    expect(scrollLockCount()).toBe(2);
    rerender(
      <>
        <Overlay open />
        <Overlay open={false} />
      </>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    rerender(
      <>
        <Overlay open={false} />
        <Overlay open={false} />
      </>,
    );
    expect(scrollLockCount()).toBe(0);
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });

  it('ignores a second release of the same lock', () => {
    const release = lockScroll();
    const other = lockScroll();
    release();
    release();
    expect(scrollLockCount()).toBe(1);
    other();
    expect(scrollLockCount()).toBe(0);
  });
});
