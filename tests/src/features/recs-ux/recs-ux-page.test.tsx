import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recommendationsBlock, serializeRecommendationsBlock } from '#contract/entities/config.ts';
import { recordToasts } from '#tests/helpers/toasts.ts';
import RecsUxPage from '#src/features/recs-ux/recs-ux-page.tsx';
import { installFakeConfigServer, type FakeConfigServer } from './fake-config-server.ts';
import { presetRoles, renderPage } from './render-page.tsx';

let server: FakeConfigServer;
beforeEach(() => {
  server = installFakeConfigServer();
});
afterEach(() => server.restore());

/** Seeds both copies of a block as the server would hold them after creation. */
function seedBlock(configId: number, name: string, ordering: number) {
  for (const test of [false, true]) {
    const block = recommendationsBlock.parse({ configId, name, ordering, test });
    server.seed('recommendations-block', configId, test, serializeRecommendationsBlock(block));
  }
}

describe('/recs-configuration/ux', () => {
  it('creates a block in the order of spec §4: a disabled production copy first, then the test copy under its configId', async () => {
    const { user } = renderPage(<RecsUxPage />);
    await user.click(await screen.findByRole('button', { name: 'Создать блок' }));
    const dialog = screen.getByRole('dialog', { name: 'Новый блок рекомендаций' });
    await typeName(dialog, user, 'Хиты продаж');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));

    await screen.findByRole('heading', { name: 'Блок «Хиты продаж»' });
    const saves = server.writes();
    expect(saves.map((call) => [call.path, call.body?.test, call.body?.configId])).toEqual([
      ['/config/save/recommendations-block', false, undefined],
      ['/config/save/recommendations-block', true, 100],
    ]);
    expect(saves[0]!.body).toMatchObject({
      name: 'Хиты продаж',
      enabledDesktop: false,
      enabledMobile: false,
      baseVersionId: null,
    });
    // customSettings and htmlTemplate travel as JSON text, ordering inside customSettings.
    expect(JSON.parse(String(saves[1]!.body?.customSettings))).toMatchObject({
      ordering: 0,
      swiperOptions: { breakpoints: { phones: { slidesPerView: 2 }, tv: { slidesPerView: 5 } } },
    });
  });

  it('stops after a refused production save and creates no test copy', async () => {
    server.failNext('/config/save/recommendations-block', 500, 'Storage unavailable');
    const toasts = recordToasts();
    const { user } = renderPage(<RecsUxPage />);
    await user.click(await screen.findByRole('button', { name: 'Создать блок' }));
    const dialog = screen.getByRole('dialog');
    await typeName(dialog, user, 'Новинки');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await waitFor(
      () =>
        expect(toasts.last()).toMatchObject({
          kind: 'error',
          message: expect.stringMatching(/\nStorage unavailable$/),
        }),
      // The whole suite runs many workers on two cores: the refused save can take seconds.
      { timeout: 15_000 },
    );
    expect(server.writes()).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(server.latest('recommendations-block', 100, true)).toBeUndefined();
  });

  it('hides creation from a user who may not save to production (manager)', async () => {
    seedBlock(1, 'Хиты продаж', 0);
    renderPage(<RecsUxPage />, { roles: presetRoles('manager') });
    await screen.findByRole('heading', { name: 'Блок «Хиты продаж»' });
    expect(screen.queryByRole('button', { name: 'Создать блок' })).toBeNull();
  });

  it('reorders blocks from the keyboard and saves the new orderings of the moved blocks only', async () => {
    seedBlock(1, 'Хиты', 0);
    seedBlock(2, 'С этим покупают', 1);
    seedBlock(3, 'Вы смотрели', 2);
    const { user } = renderPage(<RecsUxPage />);
    const list = await screen.findByRole('list', { name: 'Блоки рекомендаций, в порядке вывода' });
    await within(list).findByText('Хиты');
    within(list).getByRole('button', { name: 'Опустить «Хиты»' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(server.writes()).toHaveLength(2));
    const saved = server
      .writes()
      .map((call) => [
        call.body?.name,
        JSON.parse(String(call.body?.customSettings)).ordering,
        call.body?.test,
      ]);
    expect(saved).toEqual([
      ['С этим покупают', 0, true],
      ['Хиты', 1, true],
    ]);
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        expect.stringContaining('С этим покупают'),
        expect.stringContaining('Хиты'),
        expect.stringContaining('Вы смотрели'),
      ]),
    );
    expect(within(list).getByRole('button', { name: 'Поднять «С этим покупают»' })).toBeDisabled();
  });

  it('refuses a bad placement selector and an out-of-range number without saving', async () => {
    seedBlock(1, 'Хиты', 0);
    const { user } = renderPage(<RecsUxPage />);
    const placement = await screen.findByLabelText('Место вставки (CSS-селектор)');
    await user.type(placement, 'div[[');
    const items = screen.getByLabelText('Товаров, десктоп');
    await user.clear(items);
    await user.type(items, '0');
    const tv = screen.getByLabelText('ТВ: Слайдов на экране');
    await user.clear(tv);
    await user.type(tv, '25');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Неверный CSS-селектор')).toBeVisible();
    expect(screen.getByText('Значение должно быть не меньше 1')).toBeVisible();
    expect(screen.getByText('Значение должно быть не больше 20')).toBeVisible();
    expect(placement).toHaveAttribute('aria-invalid', 'true');
    expect(server.writes()).toEqual([]);
  });

  it('saves an edit on top of the version it was read at; a stale save opens the conflict dialog and overwrite saves on theirs', async () => {
    seedBlock(1, 'Хиты', 0);
    const { user } = renderPage(<RecsUxPage />);
    const title = await screen.findByLabelText('Заголовок блока');
    // Someone else saves in between.
    const theirs = server.seed(
      'recommendations-block',
      1,
      true,
      serializeRecommendationsBlock(
        recommendationsBlock.parse({ configId: 1, name: 'Хиты', test: true, message: 'Их' }),
      ),
      'designer',
    );
    await user.type(title, 'Популярное');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Конфигурацию изменил другой пользователь',
    });
    expect(dialog).toHaveTextContent('designer');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить мои поверх' }));
    await waitFor(() => expect(server.latest('recommendations-block', 1, true)?.version).toBe(3));
    const [stale, overwrite] = server.writes();
    expect(stale!.body).toMatchObject({ baseVersionId: 2, message: 'Популярное' });
    expect(overwrite!.body).toMatchObject({
      baseVersionId: theirs.versionId,
      message: 'Популярное',
    });
  });

  it('deploys the block: start, then poll the status until it is done, then a success notice', async () => {
    seedBlock(1, 'Хиты', 0);
    const toasts = recordToasts();
    const { user } = renderPage(<RecsUxPage />);
    // The button is re-created when its disabled reason goes away: query it afresh.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Развернуть' })).not.toHaveAttribute(
        'aria-disabled',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Развернуть' }));
    // Production asks first, naming the block.
    const confirm = await screen.findByRole('dialog', { name: 'Развернуть в продакшен?' });
    expect(confirm).toHaveTextContent(/конфигурации «Блок рекомендаций «[^»]+»»/);
    await user.click(within(confirm).getByRole('button', { name: 'Да, развернуть' }));
    expect(await screen.findByText('В продакшене', {}, { timeout: 5000 })).toBeVisible();
    expect(toasts.last()).toMatchObject({ kind: 'success' });
    const jobCalls = server.calls.filter(
      (call) => call.path.startsWith('/config/deploy') || call.path.endsWith('/status'),
    );
    expect(jobCalls.map((call) => call.path)).toEqual([
      '/config/deploy/recommendations-block',
      '/config/generate/status',
      '/config/generate/status',
    ]);
    expect(jobCalls[0]!.query).toMatchObject({ siteId: '1', id: '1' });
  });
});

describe('/recs-configuration/ux deletion', () => {
  it('deletes the selected block only after the confirmation', async () => {
    seedBlock(1, 'Хиты', 0);
    seedBlock(2, 'Вы смотрели', 1);
    const { user } = renderPage(<RecsUxPage />);
    await screen.findByRole('heading', { name: 'Блок «Хиты»' });
    await user.click(screen.getByRole('button', { name: 'Удалить блок' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить блок «Хиты»?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(server.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Удалить блок' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]).toMatchObject({
      method: 'DELETE',
      path: '/config/delete/recommendations-block',
      query: { siteId: '1', id: '1' },
    });
    const list = screen.getByRole('list', { name: 'Блоки рекомендаций, в порядке вывода' });
    await waitFor(() => expect(within(list).queryByText('Хиты')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Блок «Вы смотрели»' })).toBeVisible();
  });
});

/**
 * Types the new block's name once the modal has taken focus: on a loaded machine the focus manager
 * can move focus after typing started, and the keystrokes would land elsewhere.
 */
async function typeName(
  dialog: HTMLElement,
  user: ReturnType<typeof renderPage>['user'],
  name: string,
) {
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  const input = within(dialog).getByLabelText(/Название/);
  await user.type(input, name);
  await waitFor(() => expect(input).toHaveValue(name));
}
