import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { globalComponent, serializeGlobalComponent } from '#contract/entities/config.ts';
import ComponentsUxPage from '#src/features/components-ux/components-ux-page.tsx';
import { installFakeConfigServer, type FakeConfigServer } from '../recs-ux/fake-config-server.ts';
import { presetRoles, renderPage } from '../recs-ux/render-page.tsx';

let server: FakeConfigServer;
beforeEach(() => {
  server = installFakeConfigServer();
});
afterEach(() => server.restore());

function seedComponent(componentId: number, name: string, type: string, ordering: number) {
  for (const test of [false, true]) {
    const component = globalComponent.parse({
      componentId,
      name,
      type,
      customSettings: { ordering },
    });
    server.seed('global-component', componentId, test, {
      ...serializeGlobalComponent(component),
      test,
    });
  }
}

describe('/anyquery/ux/global-components', () => {
  it('creates a component in the order of spec §4: the production copy first, then the integration copy under the returned componentId', async () => {
    const { user } = renderPage(<ComponentsUxPage />);
    await user.click(await screen.findByRole('button', { name: 'Создать компонент' }));
    const dialog = screen.getByRole('dialog', { name: 'Новый компонент' });
    await user.type(within(dialog).getByLabelText(/Название/), 'Кнопка корзины');
    await user.click(within(dialog).getByRole('combobox', { name: 'Тип' }));
    await user.click(screen.getByRole('option', { name: 'Кнопка корзины' }));
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));

    await screen.findByRole('heading', { name: 'Компонент «Кнопка корзины»' });
    const saves = server.writes();
    expect(
      saves.map((call) => [call.path, call.query.test, call.body?.test, call.body?.componentId]),
    ).toEqual([
      ['/config/save/global-component', 'false', false, undefined],
      ['/config/save/global-component', 'true', true, 100],
    ]);
    // template and customSettings travel as JSON text; the cart button defaults of spec §9.
    expect(JSON.parse(String(saves[0]!.body?.customSettings))).toMatchObject({
      asyncCheckTime: 500,
      asyncMaxAttempts: 5,
      initCheckInterval: 1000,
      initCheckAttempts: 3,
    });
    expect(JSON.parse(String(saves[1]!.body?.template))).toEqual({ html: '', script: '' });
    expect(saves[0]!.body).toMatchObject({ type: 'CART_BUTTON', view: 'DEFAULT' });
    // The cart button's settings show with their defaults.
    expect(screen.getByLabelText('Ожидание асинхронной проверки (мс)')).toHaveValue(500);
    expect(screen.getByLabelText('Попыток начальной проверки')).toHaveValue(3);
  });

  it('creates nothing more when the production save fails', async () => {
    server.failNext('/config/save/global-component', 500, 'Storage unavailable');
    const { user } = renderPage(<ComponentsUxPage />);
    await user.click(await screen.findByRole('button', { name: 'Создать компонент' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Название/), 'Карточка');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.writes()).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('reorders components with the keyboard and saves the moved integration copies', async () => {
    seedComponent(1, 'Карточка', 'PRODUCT', 0);
    seedComponent(2, 'Слайдер', 'SLIDER', 1);
    const { user } = renderPage(<ComponentsUxPage />);
    const list = await screen.findByRole('list', { name: 'Глобальные компоненты, по порядку' });
    within(list).getByRole('button', { name: 'Поднять «Слайдер»' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    expect(
      server
        .writes()
        .map((call) => [
          call.body?.name,
          JSON.parse(String(call.body?.customSettings)).ordering,
          call.query.test,
        ]),
    ).toEqual([
      ['Слайдер', 0, 'true'],
      ['Карточка', 1, 'true'],
    ]);
  });

  it('validates the cart button numbers and saves on the version read', async () => {
    seedComponent(1, 'Корзина', 'CART_BUTTON', 0);
    const { user } = renderPage(<ComponentsUxPage />);
    const wait = await screen.findByLabelText('Ожидание асинхронной проверки (мс)');
    await user.clear(wait);
    await user.type(wait, '-1');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Значение должно быть не меньше 0')).toBeVisible();
    expect(server.writes()).toEqual([]);

    await user.clear(wait);
    await user.type(wait, '800');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    const [save] = server.writes();
    expect(save!.query).toMatchObject({ siteId: '1', test: 'true' });
    expect(save!.body).toMatchObject({ componentId: 1, test: true, baseVersionId: 2 });
    expect(JSON.parse(String(save!.body?.customSettings))).toMatchObject({ asyncCheckTime: 800 });
  });

  it('a manager may preview but finds Deploy and Save to production disabled with the reason', async () => {
    seedComponent(1, 'Карточка', 'PRODUCT', 0);
    const { user } = renderPage(<ComponentsUxPage />, { roles: presetRoles('manager') });
    await screen.findByLabelText(/Название/);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Предпросмотр' })).not.toHaveAttribute(
        'aria-disabled',
      ),
    );
    const deploy = screen.getByRole('button', { name: 'Развернуть' });
    expect(deploy).toHaveAttribute('aria-disabled', 'true');
    expect(deploy).toHaveAccessibleDescription('Ваша роль не позволяет разворачивать в продакшен');
    expect(screen.queryByRole('button', { name: 'Создать компонент' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Продакшен' }));
    const saveToProd = await screen.findByRole('button', { name: 'Сохранить в продакшен' });
    expect(saveToProd).toHaveAttribute('aria-disabled', 'true');
  });

  it("edits the product card's SKU pickers as a comma-separated list", async () => {
    seedComponent(1, 'Карточка', 'PRODUCT', 0);
    const { user } = renderPage(<ComponentsUxPage />);
    const pickers = await screen.findByLabelText('Атрибуты выбора SKU');
    expect(pickers).toHaveValue('Цвет, Размер');
    await user.type(pickers, ', Материал,');
    expect(pickers).toHaveValue('Цвет, Размер, Материал,');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(JSON.parse(String(server.writes()[0]!.body?.customSettings)).pickerParams).toEqual([
      'Цвет',
      'Размер',
      'Материал',
    ]);
  });
});
