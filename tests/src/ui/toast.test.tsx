import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastBar } from '#src/ui/toast/toast-bar.tsx';
import { toast, useToastStore } from '#src/ui/toast/toast-store.ts';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { expectNoSeriousA11yViolations } from './axe.ts';

beforeEach(() => {
  useToastStore.getState().clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast store and ToastBar', () => {
  it('shows the default success texts in English and hides after 3000 ms', () => {
    vi.useFakeTimers();
    renderWithProviders(<ToastBar />, { locale: 'en' });
    act(() => {
      toast.success();
    });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('SUCCESS');
    expect(status).toHaveTextContent('Operation was successful!');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('shows errors as alerts with a multi-line message, in Russian by default', () => {
    renderWithProviders(<ToastBar />);
    act(() => {
      toast.error(undefined, '500\nInternal Server Error');
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('ОШИБКА!');
    expect(alert.querySelector('.ui-toast__message')?.textContent).toBe(
      '500\nInternal Server Error',
    );
  });

  it('uses given titles and can be dismissed by the user', async () => {
    const { user } = renderWithProviders(<ToastBar />, { locale: 'en' });
    act(() => {
      toast.error('ERROR!', 'Network or connection error');
      toast.success('Saved', 'Site updated');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    await expectNoSeriousA11yViolations();
    const [first] = screen.getAllByRole('button', { name: 'Dismiss notification' });
    await user.click(first as HTMLElement);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('keeps a custom duration', () => {
    const id = toast.success(undefined, undefined, 10_000);
    expect(useToastStore.getState().toasts).toEqual([
      { id, kind: 'success', title: undefined, message: undefined, durationMs: 10_000 },
    ]);
  });
});
