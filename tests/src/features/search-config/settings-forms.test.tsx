import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '#contract/entities/search-config.ts';
import { ApiConfigPage, JobConfigPage, SkuConfigPage } from '#src/features/search-config/pages.tsx';
import { renderPage } from '../recs-ux/render-page.tsx';
import { installFakeSettingsServer } from './fake-settings-server.ts';

/**
 * The single-value settings forms: each refuses a bad value in Russian before any call, and
 * saves a good one with the body the contract expects.
 */
let server: ReturnType<typeof installFakeSettingsServer>;
beforeEach(() => {
  server = installFakeSettingsServer({ attributes: ['Цвет', 'Модель'] });
});
afterEach(() => server.restore());

const region = (name: string) => screen.getByRole('region', { name });

describe('SKU configuration', () => {
  it('asks for an attribute before an ATTRIBUTE grouping is sent, then saves it', async () => {
    const { user } = renderPage(<SkuConfigPage />);
    const sku = await waitFor(() => region('Как SKU объединяются в товар'));
    await user.click(within(sku).getByRole('combobox', { name: 'Тип SKU' }));
    await user.click(screen.getByRole('option', { name: 'ATTRIBUTE — по атрибуту' }));
    await user.click(within(sku).getByRole('button', { name: 'Сохранить' }));

    expect(await within(sku).findByText('Для типа ATTRIBUTE укажите атрибут')).toBeVisible();
    expect(server.writes()).toEqual([]);

    await user.click(within(sku).getByRole('combobox', { name: 'Атрибут группировки' }));
    await user.click(await screen.findByRole('option', { name: 'Цвет (10)' }));
    await user.click(within(sku).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/autocomplete/sku',
          body: { type: 'ATTRIBUTE', attribute: 'Цвет' },
        }),
      ]),
    );
    expect(within(sku).queryByText('Для типа ATTRIBUTE укажите атрибут')).toBeNull();
  });

  it('saves the representative strategy picked', async () => {
    const { user } = renderPage(<SkuConfigPage />);
    const rep = await waitFor(() => region('Представитель товара'));
    await user.click(
      within(rep).getByRole('combobox', { name: 'Какое предложение представляет товар' }),
    );
    await user.click(screen.getByRole('option', { name: 'Самое популярное' }));
    await user.click(within(rep).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({
          path: '/autocomplete/skuRepresentativeConfig',
          body: { strategy: 'MOST_POPULAR' },
        }),
      ]),
    );
  });
});

describe('API parameters', () => {
  it('refuses a page size out of range in Russian, then saves every parameter', async () => {
    const { user } = renderPage(<ApiConfigPage />);
    const size = await screen.findByLabelText(/Размер страницы/);
    await user.clear(size);
    await user.type(size, '0');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Значение должно быть не меньше 1')).toBeVisible();
    expect(size).toHaveAttribute('aria-invalid', 'true');
    expect(server.writes()).toEqual([]);

    await user.clear(size);
    await user.type(size, '30');
    await user.click(screen.getByRole('checkbox', { name: 'Категории деревом' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/autocomplete/api-params',
          body: { ...SETTING_DEFAULTS['api-params'], size: 30, treeFacets: true },
        }),
      ]),
    );
  });

  it('refuses a threshold with more than two decimals', async () => {
    const { user } = renderPage(<ApiConfigPage />);
    const vectors = await screen.findByLabelText(/Порог векторов/);
    await user.clear(vectors);
    await user.type(vectors, '0.125');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Не больше двух знаков после запятой')).toBeVisible();
    expect(server.writes()).toEqual([]);
  });
});

describe('autocomplete job schedule', () => {
  it('refuses a too short cron in Russian, then saves the schedule on UTC', async () => {
    const { user } = renderPage(<JobConfigPage />);
    const cron = await screen.findByRole('textbox', { name: 'Расписание (cron)' });
    await waitFor(() => expect(cron).toHaveValue('0 3 * * *'));
    await user.clear(cron);
    await user.type(cron, '0 3');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Минимум 9 символов')).toBeVisible();
    expect(server.writes()).toEqual([]);

    await user.clear(cron);
    await user.type(cron, '0 4 * * *');
    await user.click(screen.getByRole('checkbox', { name: 'По расписанию' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/autocomplete/job',
          body: { cron: '0 4 * * *', timeZone: 'UTC', enabled: false },
        }),
      ]),
    );
  });
});
