import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SchedulePromotion } from '#src/config-studio/rollout-schedule.tsx';
import { connectNavigation } from '#src/lib/api.ts';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { renderWithProviders } from '#tests/helpers/render.tsx';
import { harness } from '#tests/studio/machines/config-harness.ts';

/** A save that answers only when the test says so: the machine stays in `saving` meanwhile. */
function heldSave() {
  let release = () => {};
  const save = () =>
    new Promise<never>((_, reject) => {
      release = () => reject(new Error('released'));
    });
  return { save, release: () => release() };
}

function renderSchedule(actor: ReturnType<typeof harness>['actor']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <SchedulePromotion actor={actor} siteId={1} kind="autocomplete" configKey={0} canGenerate />
    </QueryClientProvider>,
  );
}

const scheduleButton = () => screen.getByRole('button', { name: 'Запланировать генерацию' });
/** The dialog's time tomorrow: always in the future. */
async function fillTomorrow(user: ReturnType<typeof renderWithProviders>['user']) {
  const time = screen.getByLabelText('Время');
  await user.clear(time);
  await user.type(time, '23:59');
}

beforeEach(() => {
  connectNavigation({ navigate: vi.fn(), homePath: () => '/' });
  fakeFetch((call) =>
    call.method === 'GET' && call.path === '/config/scheduled-promotions'
      ? { status: 200, body: [] }
      : undefined,
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('scheduling from the studio', () => {
  it('waits for a running save: the button says why, and the check starts once the editor rests', async () => {
    const held = heldSave();
    const { actor, calls, snapshot } = harness({ save: held.save });
    await vi.waitFor(() => expect(snapshot().matches('editing')).toBe(true));
    act(() => {
      actor.send({ type: 'EDIT', config: { title: 'changed', list: [1] } });
      actor.send({ type: 'SAVE' });
    });
    const { user } = renderSchedule(actor);

    expect(scheduleButton()).toHaveAttribute('aria-disabled', 'true');
    expect(scheduleButton()).toHaveAccessibleDescription(
      'Дождитесь конца текущего действия (сохранения, генерации или проверки), затем запланируйте',
    );
    await user.click(scheduleButton());
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => held.release());
    await vi.waitFor(() => expect(scheduleButton()).not.toHaveAttribute('aria-disabled'));
    await user.click(scheduleButton());
    await screen.findByRole('dialog');
    await fillTomorrow(user);
    await user.click(screen.getByRole('button', { name: 'Запланировать' }));
    await vi.waitFor(() => expect(calls.gateStart).toHaveLength(1));
    expect(snapshot().matches('gating')).toBe(true);
  });

  it('keeps the dialog open with the reason when the editor got busy while it was open', async () => {
    const held = heldSave();
    const { actor, calls, snapshot } = harness({ save: held.save });
    await vi.waitFor(() => expect(snapshot().matches('editing')).toBe(true));
    const { user } = renderSchedule(actor);
    await user.click(scheduleButton());
    await screen.findByRole('dialog');
    await fillTomorrow(user);
    act(() => {
      actor.send({ type: 'EDIT', config: { title: 'changed', list: [1] } });
      actor.send({ type: 'SAVE' });
    });
    await user.click(screen.getByRole('button', { name: 'Запланировать' }));

    expect(
      within(screen.getByRole('dialog')).getByText(
        'Дождитесь конца текущего действия (сохранения, генерации или проверки), затем запланируйте',
      ),
    ).toBeInTheDocument();
    expect(calls.gateStart).toHaveLength(0);
    act(() => held.release());
  });
});
