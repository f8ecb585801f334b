/**
 * The knowledge-base article editor and the feedback form on the contract's schemas
 * (useZodForm + Form): what breaks a rule is refused in Russian before any call; a good
 * article is sent as the contract's kbArticleInput.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import FeedbackPage from '#src/features/support/feedback-page.tsx';
import KnowledgeBasePage from '#src/features/support/knowledge-base-page.tsx';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../reports/render-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ARTICLE = {
  id: 5,
  slug: 'install',
  language: 'ru',
  title: 'Установка',
  sectionId: 1,
  body: 'Текст',
  updatedBy: null,
  updatedAt: '2026-11-21T10:00:00Z',
};

it('the article editor refuses a bad slug and an empty title in Russian, then sends a good article', async () => {
  const { calls } = fakeFetch(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/knowledge-base/articles')
      return {
        status: 200,
        body: [
          {
            id: 1,
            slug: 'start',
            title: 'Начало',
            articles: [
              { id: 5, slug: 'install', language: 'ru', title: 'Установка', snippet: null },
            ],
          },
        ],
      };
    if (method === 'GET' && path === '/api/knowledge-base/article')
      return { status: 200, body: ARTICLE };
    if (method === 'PUT' && path === '/api/knowledge-base/article')
      return { status: 200, body: { ...ARTICLE, ...(body as object), id: 6 } };
    return undefined;
  });
  const { user } = renderPage(<KnowledgeBasePage />, { roles: ['ROLE_SUPERUSER'] });
  await user.click(await screen.findByRole('button', { name: 'Новая статья' }));
  const editor = await screen.findByRole('dialog', { name: 'Статья базы знаний' });
  const slug = within(editor).getByLabelText(/^Адрес \(slug\)/);
  await user.type(slug, 'Плохой адрес');
  await user.type(within(editor).getByLabelText(/^Текст \(Markdown\)/), 'Как **начать**');
  expect(editor.querySelector('.kb-editor__preview strong')).toHaveTextContent('начать');
  await user.click(within(editor).getByRole('button', { name: 'Создать' }));
  expect(
    await within(editor).findByText('Только строчные латинские буквы, цифры и дефисы'),
  ).toBeVisible();
  expect(within(editor).getByText('Обязательное поле')).toBeVisible();
  expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

  await user.clear(slug);
  await user.type(slug, 'first-steps');
  await user.type(within(editor).getByLabelText(/^Заголовок/), 'Первые шаги');
  await user.click(within(editor).getByRole('button', { name: 'Создать' }));
  await waitFor(() =>
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      {
        sectionId: 1,
        slug: 'first-steps',
        language: 'ru',
        title: 'Первые шаги',
        body: 'Как **начать**',
      },
    ]),
  );
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Статья базы знаний' })).toBeNull(),
  );
});

it('the feedback form refuses an empty text in Russian without sending', async () => {
  fakeFetch(({ method, path }) =>
    method === 'GET' && path === '/api/internal-feedback' ? { status: 200, body: [] } : undefined,
  );
  const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
  const { user } = renderPage(<FeedbackPage />, { roles: ['ROLE_SUPERUSER'] });
  const text = await screen.findByLabelText(/^Что случилось/);
  await user.type(text, '   ');
  await user.click(screen.getByRole('button', { name: 'Отправить' }));
  expect(await screen.findByText('Обязательное поле')).toBeVisible();
  expect(text).toHaveAttribute('aria-invalid', 'true');
  expect(open).not.toHaveBeenCalled();
});
