import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CustomSortPage,
  RegionalAttributesPage,
  SearchAttributesPage,
} from '#src/features/search-config/pages.tsx';
import { renderPage } from '../recs-ux/render-page.tsx';
import { installFakeSettingsServer } from './fake-settings-server.ts';

/**
 * The attribute list forms: each refuses a bad list in Russian before any call, and saves a
 * good one with the body the contract expects.
 */
let server: ReturnType<typeof installFakeSettingsServer>;
beforeEach(() => {
  server = installFakeSettingsServer({ attributes: ['Цвет', 'Модель'] });
});
afterEach(() => server.restore());

describe('search attributes', () => {
  it('refuses a weight below 1 in Russian, then saves the weights', async () => {
    const { user } = renderPage(<SearchAttributesPage />);
    const weight = await screen.findByRole('spinbutton', { name: 'Вес атрибута vendor' });
    await user.clear(weight);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Значение должно быть не меньше 1')).toBeVisible();
    expect(server.writes()).toEqual([]);

    await user.type(weight, '55');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/autocomplete/attributes',
          body: {
            attributes: [
              { name: 'name', weight: 100 },
              { name: 'vendor', weight: 55 },
              { name: 'category', weight: 20 },
              { name: 'params', weight: 10 },
            ],
          },
        }),
      ]),
    );
  });
});

describe('regional attributes', () => {
  it('refuses a typed name over 100 characters, then saves the picked one', async () => {
    const { user } = renderPage(<RegionalAttributesPage />);
    const picker = await screen.findByRole('combobox', { name: 'Добавить атрибут' });
    const long = 'р'.repeat(101);
    await user.click(picker);
    await user.type(picker, long);
    await user.click(await screen.findByRole('option', { name: `Добавить «${long}»` }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Максимум 100 символов')).toBeVisible();
    expect(server.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: `Убрать ${long}` }));
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Цвет (10)' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/autocomplete/regionalAttributes',
          body: { attributes: ['Цвет'] },
        }),
      ]),
    );
  });
});

describe('custom sorts', () => {
  it('refuses an empty title in Russian, then saves the sort with its regions', async () => {
    const { user } = renderPage(<CustomSortPage />);
    const site = await waitFor(() => screen.getByRole('region', { name: 'Сортировки сайта' }));
    await user.click(within(site).getByRole('combobox', { name: 'Добавить атрибут' }));
    await user.click(await screen.findByRole('option', { name: 'Цвет (10)' }));
    const title = within(site).getByRole('textbox', { name: 'Название сортировки Цвет' });
    await user.clear(title);
    await user.click(within(site).getByRole('button', { name: 'Сохранить' }));

    expect(await within(site).findByText('Обязательное поле')).toBeVisible();
    expect(server.writes()).toEqual([]);

    await user.type(title, 'Цвет товара');
    await user.type(within(site).getByRole('textbox', { name: 'Регионы' }), 'msk, spb');
    await user.click(within(site).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({
          method: 'PUT',
          path: '/custom/sort/1/attributes',
          body: {
            attributes: [{ attribute: 'Цвет', title: 'Цвет товара', direction: 'ASC' }],
            regions: ['msk', 'spb'],
          },
        }),
      ]),
    );
  });
});
