/**
 * A new knowledge-base section on the contract's schema: a slug out of the rule is refused in
 * Russian before any call, a slug taken is said on the field, a good one is added and the form
 * empties.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { KbSectionsEditor } from '#src/features/support/kb-sections-editor.tsx';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../reports/render-page.tsx';

afterEach(() => vi.unstubAllGlobals());

it('refuses a bad slug in Russian, says a taken one on the field, adds a good one', async () => {
  const { calls } = fakeFetch(({ method, path, body }) => {
    if (path !== '/api/knowledge-base/sections') return undefined;
    if (method === 'GET') return { status: 200, body: [] };
    if ((body as { slug?: string }).slug === 'billing')
      return { status: 409, body: { status: 409, message: 'The slug billing is taken' } };
    return {
      status: 200,
      body: { id: 9, slug: 'pay', titleRu: 'Оплата', titleEn: 'Pay', position: 1, articleCount: 0 },
    };
  });
  const { user } = renderPage(<KbSectionsEditor language="ru" onClose={() => undefined} />, {
    roles: ['ROLE_SUPERUSER'],
  });
  const form = await screen.findByRole('form', { name: 'Новый раздел' });
  const slug = within(form).getByLabelText(/^Адрес \(slug\)/);
  const fill = async (field: HTMLElement, text: string) => {
    await user.clear(field);
    await user.click(field);
    await user.paste(text);
  };
  await fill(slug, 'Оплата');
  await fill(within(form).getByLabelText(/^Название \(русский\)/), 'Оплата');
  await fill(within(form).getByLabelText(/^Название \(английский\)/), 'Pay');
  expect(
    await within(form).findByText('Только строчные латинские буквы, цифры и дефисы'),
  ).toBeVisible();
  expect(within(form).getByRole('button', { name: 'Добавить' })).toBeDisabled();

  await fill(slug, 'billing');
  await user.click(within(form).getByRole('button', { name: 'Добавить' }));
  expect(await within(form).findByText(/billing/, { selector: '.ui-field__error' })).toBeVisible();

  await fill(slug, 'pay');
  await user.click(within(form).getByRole('button', { name: 'Добавить' }));
  await waitFor(() => expect(slug).toHaveValue(''));
  expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
    { slug: 'billing', titleRu: 'Оплата', titleEn: 'Pay' },
    { slug: 'pay', titleRu: 'Оплата', titleEn: 'Pay' },
  ]);
});
