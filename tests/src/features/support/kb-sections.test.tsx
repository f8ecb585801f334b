import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KbSection, KbSectionAdmin } from '#contract/entities/support.ts';
import KnowledgeBasePage from '#src/features/support/knowledge-base-page.tsx';
import { useToastStore } from '#src/ui/toast/toast-store.ts';
import { fakeFetch, jsonResponse } from '#tests/helpers/fake-fetch.ts';
import { renderPage } from '../reports/render-page.tsx';

const section = (over: Partial<KbSectionAdmin>): KbSectionAdmin => ({
  id: 1,
  slug: 'getting-started',
  titleRu: 'Начало работы',
  titleEn: 'Getting started',
  position: 0,
  articleCount: 2,
  ...over,
});

/** The knowledge-base calls at the network, the sections kept as the server would keep them. */
function fakeApi() {
  let sections = [
    section({}),
    section({ id: 2, slug: 'catalog', titleRu: 'Каталог и фиды', titleEn: 'Catalog', position: 1 }),
    section({ id: 3, slug: 'billing', titleRu: 'Оплата', titleEn: 'Billing', articleCount: 0 }),
  ];
  const json = jsonResponse;
  return fakeFetch(({ method, path, query, body }) => {
    const id = Number(query.get('id'));
    switch (`${method} ${path}`) {
      case 'GET /api/knowledge-base/articles':
        return json(
          200,
          sections.map((s): KbSection => ({
            id: s.id,
            slug: s.slug,
            title: s.titleRu,
            articles: [],
          })),
        );
      case 'GET /api/knowledge-base/sections':
        return json(200, sections);
      case 'POST /api/knowledge-base/sections': {
        const input = body as { slug: string; titleRu: string; titleEn: string };
        if (sections.some((s) => s.slug === input.slug))
          return json(409, {
            status: 409,
            message: `A knowledge-base section "${input.slug}" already exists`,
          });
        const created = section({ ...input, id: 9, position: 9, articleCount: 0 });
        sections = [...sections, created];
        return json(200, created);
      }
      case 'PUT /api/knowledge-base/section': {
        sections = sections.map((s) => (s.id === id ? { ...s, ...(body as object) } : s));
        return json(
          200,
          sections.find((s) => s.id === id),
        );
      }
      case 'PUT /api/knowledge-base/sections/order': {
        const { ids } = body as { ids: number[] };
        sections = ids.map((next) => sections.find((s) => s.id === next)!);
        return json(200, sections);
      }
      case 'DELETE /api/knowledge-base/section': {
        const target = sections.find((s) => s.id === id)!;
        if (target.articleCount > 0)
          return json(409, {
            status: 409,
            message: `The knowledge-base section "${target.slug}" is not empty: it holds ${target.articleCount} article(s); move them to another section or delete them first`,
          });
        sections = sections.filter((s) => s.id !== id);
        return json(200, { ok: true });
      }
    }
    return undefined;
  }).calls;
}

const STAFF = ['ROLE_SUPERUSER', 'ROLE_SITE_VIEW'];
const render = (roles = STAFF) =>
  renderPage(<KnowledgeBasePage />, { roles, path: '/knowledge-base', pattern: '/knowledge-base' });

async function openSections(user: ReturnType<typeof render>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Разделы' }));
  const dialog = await screen.findByRole('dialog', { name: 'Разделы базы знаний' });
  await within(dialog).findByTestId('kb-section-catalog');
  return dialog;
}

beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => vi.unstubAllGlobals());

/** Every delete asks first (src/ui/confirm-dialog): confirms the one titled `title`. */
async function confirmDelete(user: ReturnType<typeof render>['user'], title: string) {
  const confirm = await screen.findByRole('dialog', { name: title });
  await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));
}

describe('knowledge-base sections (staff)', () => {
  it('renames a section in both languages and adds one at the end', async () => {
    const calls = fakeApi();
    const { user } = render();
    const dialog = await openSections(user);
    const row = within(dialog).getByTestId('kb-section-catalog');
    expect(row).toHaveTextContent('статей: 2');
    const save = within(row).getByRole('button', {
      name: 'Сохранить названия раздела «Каталог и фиды»',
    });
    expect(save).toBeDisabled();
    const ru = within(row).getByLabelText('Название (русский)');
    await user.clear(ru);
    await user.type(ru, 'Каталог');
    await user.click(save);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path.endsWith('/section'))).toMatchObject({
        body: { titleRu: 'Каталог', titleEn: 'Catalog' },
      }),
    );
    expect(calls.find((c) => c.method === 'PUT')!.query.get('id')).toBe('2');
    // The page's menu (behind the dialog) follows.
    expect(
      await screen.findByRole('heading', { name: 'Каталог', level: 2, hidden: true }),
    ).toBeInTheDocument();

    const form = within(dialog).getByRole('form', { name: 'Новый раздел' });
    const add = within(form).getByRole('button', { name: 'Добавить' });
    await user.type(within(form).getByLabelText('Адрес (slug)'), 'Billing');
    // The form says what is wrong once the field is left (useZodForm: onTouched).
    await user.tab();
    expect(
      await within(form).findByText('Только строчные латинские буквы, цифры и дефисы', undefined, {
        timeout: 2000,
      }),
    ).toBeInTheDocument();
    expect(add).toBeDisabled();
    const slug = within(form).getByLabelText('Адрес (slug)');
    await user.clear(slug);
    await user.type(slug, 'billing');
    await user.type(within(form).getByLabelText('Название (русский)'), 'Счета');
    await user.type(within(form).getByLabelText('Название (английский)'), 'Invoices');
    await user.click(add);
    // A slug in use: said on the field, nothing added.
    expect(
      await within(form).findByText('Раздел с адресом «billing» уже есть'),
    ).toBeInTheDocument();
    await user.clear(slug);
    await user.type(slug, 'invoices');
    await user.click(add);
    expect(await within(dialog).findByTestId('kb-section-invoices')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { slug: 'billing', titleRu: 'Счета', titleEn: 'Invoices' },
      { slug: 'invoices', titleRu: 'Счета', titleEn: 'Invoices' },
    ]);
    expect(slug).toHaveValue('');
  });

  it('says why a section with articles is not deleted, and deletes an empty one', async () => {
    const calls = fakeApi();
    const { user } = render();
    const dialog = await openSections(user);
    await user.click(
      within(dialog).getByRole('button', { name: 'Удалить раздел «Каталог и фиды»' }),
    );
    await confirmDelete(user, 'Удалить раздел «Каталог и фиды»?');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Раздел «Каталог и фиды» не пуст (статей: 2): перенесите статьи в другой раздел или удалите их, затем удалите раздел.',
    );
    expect(within(dialog).getByTestId('kb-section-catalog')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Удалить раздел «Оплата»' }));
    await confirmDelete(user, 'Удалить раздел «Оплата»?');
    await waitFor(() => expect(within(dialog).queryByTestId('kb-section-billing')).toBeNull());
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.query.get('id'))).toEqual([
      '2',
      '3',
    ]);
  });

  it('moves a section in the menu order', async () => {
    const calls = fakeApi();
    const { user } = render();
    const dialog = await openSections(user);
    await user.click(
      within(dialog).getByRole('button', { name: 'Опустить раздел «Начало работы»' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/sections/order'))?.body).toEqual({
        ids: [2, 1, 3],
      }),
    );
    const rows = within(dialog).getAllByTestId(/^kb-section-/);
    expect(rows.map((row) => row.dataset['testid'])).toEqual([
      'kb-section-catalog',
      'kb-section-getting-started',
      'kb-section-billing',
    ]);
  });

  it('is not offered to client readers', async () => {
    fakeApi();
    render(['ROLE_SITE_VIEW']);
    expect(await screen.findByRole('heading', { name: 'Оплата', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Разделы' })).toBeNull();
  });
});
