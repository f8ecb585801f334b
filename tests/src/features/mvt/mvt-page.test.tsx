import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import MvtPage from '#src/features/mvt/mvt-page.tsx';
import { installFakeConfigServer, type FakeConfigServer } from '../recs-ux/fake-config-server.ts';
import { presetRoles, renderPage } from '../recs-ux/render-page.tsx';

let server: FakeConfigServer;
beforeEach(() => {
  server = installFakeConfigServer();
});
afterEach(() => server.restore());

describe('/mvt', () => {
  it('adds a group with a custom script, refuses a share over 100 and saves the integration copy', async () => {
    const { user } = renderPage(<MvtPage />);
    await screen.findByText('Групп пока нет.');
    await user.click(screen.getByRole('button', { name: 'Добавить группу' }));
    const group = screen.getByRole('group', { name: 'Группа 1' });
    await user.type(within(group).getByLabelText(/Название/), 'Без автокомплита');
    await user.click(within(group).getByRole('combobox', { name: 'Действие' }));
    await user.click(screen.getByRole('option', { name: 'Выполнить свой скрипт' }));
    await user.type(within(group).getByLabelText('Скрипт (JavaScript)'), 'window.x = 1;');
    const share = within(group).getByLabelText('Доля посетителей (%)');
    await user.clear(share);
    await user.type(share, '150');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await within(group).findByText('Значение должно быть не больше 100')).toBeVisible();
    expect(server.writes()).toEqual([]);

    await user.clear(share);
    await user.type(share, '20');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    const [save] = server.writes();
    expect(save!.path).toBe('/config/save/integration/mvt');
    expect(save!.query.baseVersionId).toBe('null');
    expect(save!.body).toEqual([
      {
        name: 'Без автокомплита',
        enabled: false,
        action: 'RUN_CUSTOM_SCRIPT',
        share: 20,
        script: 'window.x = 1;',
      },
    ]);
    // The author is its own element (a login, not translated): read the whole version line.
    await waitFor(() =>
      expect(document.querySelector('.vitrina-lifecycle__version')).toHaveTextContent(
        /Версия 1 · tester/,
      ),
    );
  });

  it('saves the production copy through /config/save/mvt and generates from the integration copy', async () => {
    server.seed('mvt', 0, true, [
      { name: 'A', enabled: true, action: 'NONE', share: 50, script: '' },
    ] as never);
    const production = server.seed('mvt', 0, false, [] as never);
    const { user } = renderPage(<MvtPage />);
    await screen.findByDisplayValue('A');
    await user.click(screen.getByRole('button', { name: 'Сгенерировать' }));
    // Production asks first.
    await user.click(await screen.findByRole('button', { name: 'Да, сгенерировать' }));
    await waitFor(
      () =>
        expect(
          server.calls
            .filter((call) => call.path.startsWith('/config/generate'))
            .map((c) => c.path),
        ).toEqual(['/config/generate/mvt', '/config/generate/status', '/config/generate/status']),
      { timeout: 5000 },
    );
    expect(await screen.findByText('В продакшене')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'Продакшен' }));
    await screen.findByText('Групп пока нет.');
    await user.click(screen.getByRole('button', { name: 'Добавить группу' }));
    await user.type(screen.getByLabelText(/Название/), 'B');
    await user.click(screen.getByRole('button', { name: 'Сохранить в продакшен' }));
    await waitFor(() =>
      expect(server.writes().map((call) => call.path)).toContain('/config/save/mvt'),
    );
    expect(server.writes().at(-1)!.query.baseVersionId).toBe(String(production.versionId));
    expect(server.writes().at(-1)!.body).toMatchObject([{ name: 'B' }]);
  });

  it('refuses two enabled groups of 60 % each (over 100 % together) with a visible error', async () => {
    server.seed('mvt', 0, true, [
      { name: 'A', enabled: true, action: 'NONE', share: 60, script: '' },
      { name: 'B', enabled: false, action: 'NONE', share: 60, script: '' },
    ] as never);
    const { user } = renderPage(<MvtPage />);
    await screen.findByDisplayValue('B');
    const second = screen.getByRole('group', { name: 'Группа 2' });
    await user.click(within(second).getByRole('checkbox', { name: 'Включена' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(
      await screen.findByText('Включённые группы получают 120 % посетителей — не больше 100 %'),
    ).toBeVisible();
    expect(server.writes()).toEqual([]);
  });

  it('a manager saves the integration copy but cannot generate (disabled with the reason)', async () => {
    renderPage(<MvtPage />, { roles: presetRoles('manager') });
    await screen.findByText('Групп пока нет.');
    const generate = screen.getByRole('button', { name: 'Сгенерировать' });
    expect(generate).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('/mvt drafts', () => {
  it('keeps unsaved edits in a draft that a reopened screen offers to restore', async () => {
    const first = renderPage(<MvtPage />);
    await screen.findByText('Групп пока нет.');
    await first.user.click(screen.getByRole('button', { name: 'Добавить группу' }));
    await first.user.type(screen.getByLabelText(/Название/), 'Черновая группа');
    // The draft is written at most every 500 ms while the copy is dirty.
    await new Promise((resolve) => setTimeout(resolve, 800));
    first.unmount();

    const { user } = renderPage(<MvtPage />);
    const banner = await screen.findByText(/Найден несохранённый черновик/);
    expect(screen.queryByDisplayValue('Черновая группа')).toBeNull();
    await user.click(
      within(banner.closest('[role="status"]') as HTMLElement).getByRole('button', {
        name: 'Восстановить',
      }),
    );
    expect(await screen.findByDisplayValue('Черновая группа')).toBeVisible();
    // Restored edits are unsaved: Save is offered.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Сохранить' })).not.toHaveAttribute(
        'aria-disabled',
      ),
    );
    expect(server.writes()).toEqual([]);
  });
});
