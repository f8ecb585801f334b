/** The new-strategy stepper: model and name, Enter goes on, only the configs changed are sent. */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { RecsModel } from '#contract/entities/recs.ts';
import { NewStrategy } from '#src/features/recs/components/new-strategy.tsx';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../reports/render-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const MODELS: RecsModel[] = [
  {
    modelName: 'co_viewed',
    needsProduct: true,
    source: 'events',
    configs: [
      { name: 'minSupport', required: true, type: 'INT', defaultValue: '2', min: 1, max: 100 },
      {
        name: 'fallbackToPopular',
        required: false,
        type: 'BOOL',
        defaultValue: 'true',
        min: null,
        max: null,
      },
    ],
  },
];

it('creates a strategy in two steps and sends only the values that differ from the defaults', async () => {
  const { calls } = fakeFetch(({ method, path }) => {
    if (path === '/api/recs/1/strategies' && method === 'POST')
      return { status: 200, body: { hash: 'a1b2c3d4e5f6' } };
    return undefined;
  });
  const onDone = vi.fn();
  const { user } = renderPage(<NewStrategy siteId={1} models={MODELS} onDone={onDone} />, {
    roles: ['ROLE_RECS_STRATEGIES_CONFIG'],
  });
  const states = () =>
    [...document.querySelectorAll('.recs-stepper li')].map((li) => li.getAttribute('data-state'));
  expect(states()).toEqual(['ACTIVE', 'DISABLED']);
  expect(screen.getByRole('button', { name: 'Далее' })).toBeDisabled();
  await user.selectOptions(screen.getByLabelText(/^Модель/), 'co_viewed');
  await user.type(screen.getByLabelText(/^Название/), 'Смотрят вместе{Enter}');
  await waitFor(() => expect(states()).toEqual(['PASSED', 'ACTIVE']));
  const support = screen.getByLabelText(/^Минимальная поддержка/);
  expect(support).toHaveValue('2');
  await user.clear(support);
  await user.type(support, '1');
  await user.click(screen.getByRole('button', { name: 'Создать' }));
  await waitFor(() => expect(onDone).toHaveBeenCalled());
  expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
    { name: 'Смотрят вместе', modelName: 'co_viewed', configs: { minSupport: '1' } },
  ]);
});
