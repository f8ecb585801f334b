/**
 * The feed forms on the contract's schemas: the parsing config, the imshop regions and the
 * monitoring address each refuse a bad entry in Russian before any call, and save a good one with
 * the body the call takes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ImshopRegions } from '#src/features/feeds/components/imshop-regions.tsx';
import { MonitoringPanel } from '#src/features/feeds/components/monitoring-panel.tsx';
import { ParsingConfigs } from '#src/features/feeds/components/parsing-configs.tsx';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../reports/render-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const writes = (calls: { method: string }[]) => calls.filter((call) => call.method !== 'GET');

it('refuses a parsing config with an empty tag, then saves the rows', async () => {
  const { calls } = fakeFetch(({ method, path }) => {
    if (path !== '/api/feed-parsing-config') return undefined;
    if (method === 'GET') return { status: 200, body: [] };
    return { status: 200, body: { id: 3, tags: [] } };
  });
  const { user } = renderPage(<ParsingConfigs siteId={1} canEdit />, { roles: ['ROLE_ADMIN'] });
  await screen.findByText('Конфигураций нет');
  const form = screen.getByRole('form', { name: 'Сохранить конфигурацию' });
  const save = within(form).getByRole('button', { name: 'Сохранить конфигурацию' });

  await user.click(save);
  expect(await within(form).findAllByText('Обязательное поле')).toHaveLength(2);
  expect(writes(calls)).toEqual([]);

  await user.type(within(form).getByLabelText('Тег фида'), 'model_name');
  await user.type(within(form).getByLabelText('Элемент YML'), 'name');
  await user.click(within(form).getByRole('button', { name: 'Добавить тег' }));
  await user.type(within(form).getAllByLabelText('Тег фида')[1]!, 'color');
  await user.type(within(form).getAllByLabelText('Элемент YML')[1]!, 'param:Цвет');
  await user.click(save);
  await waitFor(() => expect(writes(calls)).toHaveLength(1));
  expect(writes(calls)[0]).toMatchObject({
    method: 'POST',
    body: {
      tags: [
        { tag: 'model_name', mapTo: 'name' },
        { tag: 'color', mapTo: 'param:Цвет' },
      ],
    },
  });
  await waitFor(() => expect(within(form).getByLabelText('Тег фида')).toHaveValue(''));
});

it('refuses an imshop region without a name, then saves the list as a whole', async () => {
  const { calls } = fakeFetch(({ method, path }) => {
    if (path !== '/api/config/imshop/regions') return undefined;
    if (method === 'GET') return { status: 200, body: [{ regionId: 'msk', name: 'Москва' }] };
    return { status: 200, body: [] };
  });
  const { user } = renderPage(<ImshopRegions siteId={1} canEdit />, { roles: ['ROLE_ADMIN'] });
  const form = await screen.findByRole('form', { name: 'Регионы imshop' });
  await user.click(within(form).getByRole('button', { name: 'Добавить регион' }));
  await user.type(within(form).getAllByLabelText('Id региона')[1]!, 'spb');
  const save = within(form).getByRole('button', { name: 'Сохранить регионы' });
  await user.click(save);
  expect(await within(form).findByText('Обязательное поле')).toBeVisible();
  expect(writes(calls)).toEqual([]);

  await user.type(within(form).getAllByLabelText('Название')[1]!, 'Санкт-Петербург');
  await user.click(save);
  await waitFor(() => expect(writes(calls)).toHaveLength(1));
  expect(writes(calls)[0]).toMatchObject({
    method: 'POST',
    body: [
      { regionId: 'msk', name: 'Москва' },
      { regionId: 'spb', name: 'Санкт-Петербург' },
    ],
  });
});

it('refuses a malformed monitoring address, then adds a good one', async () => {
  const { calls } = fakeFetch(({ method, path }) => {
    if (path === '/api/mail/outbox')
      return { status: 200, body: { smtpConfigured: true, messages: [] } };
    if (path !== '/api/monitoring/email') return undefined;
    if (method === 'GET') return { status: 200, body: [] };
    return { status: 200, body: { id: 1, email: 'ops@shop.example.ru' } };
  });
  const { user } = renderPage(<MonitoringPanel siteId={1} />, {
    roles: ['ROLE_CONFIG_FEED_CONFIG'],
  });
  await screen.findByText('Адресов нет');
  const email = screen.getByLabelText('E-mail');
  await user.type(email, 'not-an-address');
  await user.click(screen.getByRole('button', { name: 'Добавить' }));
  expect(await screen.findByText('Введите корректный адрес эл. почты')).toBeVisible();
  expect(writes(calls)).toEqual([]);

  await user.clear(email);
  await user.type(email, ' ops@shop.example.ru ');
  await user.click(screen.getByRole('button', { name: 'Добавить' }));
  await waitFor(() => expect(writes(calls)).toHaveLength(1));
  expect(writes(calls)[0]).toMatchObject({
    method: 'POST',
    body: { email: 'ops@shop.example.ru' },
  });
  await waitFor(() => expect(email).toHaveValue(''));
});
