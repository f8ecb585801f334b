import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import TrackingPage from '#src/features/tracking/tracking-page.tsx';
import { installFakeConfigServer, type FakeConfigServer } from '../recs-ux/fake-config-server.ts';
import { renderPage } from '../recs-ux/render-page.tsx';

let server: FakeConfigServer;
beforeEach(() => {
  server = installFakeConfigServer();
});
afterEach(() => server.restore());

describe('/site/tracking', () => {
  it('refuses a rule selector that does not parse, then saves the integration copy with the rule', async () => {
    const { user } = renderPage(<TrackingPage />);
    await user.click(await screen.findByRole('button', { name: 'Добавить правило' }));
    const rule = screen.getByRole('group', { name: 'Правило 1' });
    await user.type(within(rule).getByLabelText(/Название/), 'В корзину');
    await user.type(within(rule).getByLabelText('CSS-селектор элемента'), '.buy[[');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await within(rule).findByText('Неверный CSS-селектор')).toBeVisible();
    expect(server.writes()).toEqual([]);

    const selector = within(rule).getByLabelText('CSS-селектор элемента');
    await user.clear(selector);
    await user.type(selector, '.product .buy-button');
    await user.click(screen.getByRole('button', { name: 'Добавить шаблон адреса' }));
    await user.type(screen.getByLabelText('Шаблон URL'), '/product/');
    await user.click(screen.getByLabelText('Трекинг включён'));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(server.writes()).toHaveLength(1));
    const [save] = server.writes();
    expect(save!.path).toBe('/config/save/tracking');
    expect(save!.query).toMatchObject({ siteId: '1', test: 'true' });
    expect(save!.body).toMatchObject({
      baseVersionId: null,
      enabled: true,
      sessionCookieMinutes: 30,
      userCookieDays: 30,
      pageTypes: [{ pageType: 'PRODUCT', urlPattern: '/product/' }],
      rules: [
        {
          name: 'В корзину',
          pageType: 'PRODUCT',
          trigger: 'CLICK',
          selector: '.product .buy-button',
          enabled: true,
        },
      ],
    });
  });

  it('refuses a URL pattern of letters alone (spec §5 rule) on its field, then saves a pattern by it', async () => {
    const { user } = renderPage(<TrackingPage />);
    await user.click(await screen.findByRole('button', { name: 'Добавить шаблон адреса' }));
    const pattern = screen.getByLabelText('Шаблон URL');
    await user.type(pattern, 'product');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    const row = screen.getByRole('group', { name: 'Шаблон адреса 1' });
    expect(
      await within(row).findByText(
        'В шаблоне URL нужен хотя бы один знак, не являющийся буквой, например / или .',
      ),
    ).toBeVisible();
    expect(pattern).toHaveAttribute('aria-invalid', 'true');
    expect(server.writes()).toEqual([]);

    await user.clear(pattern);
    await user.type(pattern, '/product/');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]!.body).toMatchObject({
      pageTypes: [{ pageType: 'PRODUCT', urlPattern: '/product/' }],
    });
  });

  it('shows the condition only for a conditional view, and no selector for a page view', async () => {
    const { user } = renderPage(<TrackingPage />);
    await user.click(await screen.findByRole('button', { name: 'Добавить правило' }));
    const rule = screen.getByRole('group', { name: 'Правило 1' });
    expect(within(rule).queryByLabelText(/Условие/)).toBeNull();
    await user.click(within(rule).getByRole('combobox', { name: 'Событие' }));
    await user.click(screen.getByRole('option', { name: 'Условный показ' }));
    expect(within(rule).getByLabelText(/Условие/)).toBeVisible();
    await user.click(within(rule).getByRole('combobox', { name: 'Событие' }));
    await user.click(screen.getByRole('option', { name: 'Просмотр страницы' }));
    expect(within(rule).queryByLabelText('CSS-селектор элемента')).toBeNull();
  });

  it('a stale save opens the conflict dialog; reload discards mine and shows theirs', async () => {
    server.seed('tracking', 0, true, { enabled: false, pageTypes: [], rules: [] });
    const { user } = renderPage(<TrackingPage />);
    const enabled = await screen.findByLabelText('Трекинг включён');
    server.seed('tracking', 0, true, { enabled: false, sessionCookieMinutes: 45 }, 'designer');
    await user.click(enabled);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('designer');
    await user.click(within(dialog).getByRole('button', { name: 'Отбросить мои, загрузить их' }));
    await waitFor(() => expect(screen.getByLabelText('Срок cookie сессии (мин)')).toHaveValue(45));
    expect(screen.getByLabelText('Трекинг включён')).not.toBeChecked();
  });
});
