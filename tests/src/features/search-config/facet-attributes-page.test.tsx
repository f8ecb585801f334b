import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FacetAttribute } from '#contract/entities/search-config.ts';
import { FacetAttributesPage } from '#src/features/search-config/pages.tsx';
import { renderPage } from '../recs-ux/render-page.tsx';

/**
 * A stand-in for the facet calls of contract/routes/search-config.ts at the network (`fetch`):
 * a three-level category tree, facet attributes per category that apply and reset change, and
 * children and diff answered from them the way the server computes them.
 */
interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

const CATEGORIES = [
  { id: 'w', parentId: null, name: 'Женщинам', path: ['Женщинам'], products: 120 },
  { id: 'wc', parentId: 'w', name: 'Одежда', path: ['Женщинам', 'Одежда'], products: 80 },
  {
    id: 'ws',
    parentId: 'wc',
    name: 'Свитеры',
    path: ['Женщинам', 'Одежда', 'Свитеры'],
    products: 30,
  },
  { id: 'm', parentId: null, name: 'Мужчинам', path: ['Мужчинам'], products: 90 },
];

const attribute = (
  categoryId: string,
  name: string,
  state: FacetAttribute['state'],
  coverage: number,
  extra: Partial<FacetAttribute> = {},
): FacetAttribute => ({
  categoryId,
  attribute: name,
  state,
  dataType: 'DISTINCT',
  booleanView: 'DEFAULT',
  sort: 'POPULARITY',
  position: 0,
  products: 10,
  coverage,
  parentCoverage: null,
  distinctValues: 3,
  score: 1,
  topValues: [{ value: 'хлопок', count: 5 }],
  ...extra,
});

function installFakeFacetServer() {
  const calls: Call[] = [];
  const failing = new Set<string>();
  const facets: FacetAttribute[] = [
    attribute('wc', 'Цвет', 'APPLY', 0.9, { sort: 'ASC', position: 2, dataType: 'NUM_DISTINCT' }),
    attribute('wc', 'Размер', 'SUGGESTED', 0.8),
    attribute('ws', 'Размер', 'DISABLE', 0.8),
    attribute('ws', 'Материал', 'SUGGESTED', 0.7),
    attribute('m', 'Цвет', 'SUGGESTED', 0.5),
  ];
  let calculated: FacetAttribute[] | null = null;
  let polled = false;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const of = (categoryId: string | null) => facets.filter((f) => f.categoryId === categoryId);
  const count = (categoryId: string, state: FacetAttribute['state']) =>
    of(categoryId).filter((f) => f.state === state).length;

  const handler = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const query = Object.fromEntries(url.searchParams);
    const body = init?.body
      ? (JSON.parse(String(init.body)) as Record<string, unknown>)
      : undefined;
    calls.push({ method, path, query, body });
    if (failing.has(path)) return json(500, { status: 500, message: 'Database unavailable' });

    if (method === 'GET' && path === '/catalog/categories/all')
      return json(
        200,
        CATEGORIES.map((c) => ({
          ...c,
          hasChildren: CATEGORIES.some((k) => k.parentId === c.id),
        })),
      );
    if (method === 'GET' && path === '/autocomplete/facets/progress') {
      // A calculation under way: the first poll sees it running, the next one done.
      const running = calculated !== null && !polled;
      if (running) polled = true;
      else if (calculated) {
        facets.splice(0, facets.length, ...calculated);
        calculated = null;
      }
      return json(200, {
        job: {
          id: 'j1',
          state: running ? 'running' : 'done',
          progress: 100,
          result: null,
          error: null,
          createdAt: new Date(0).toISOString(),
          finishedAt: new Date(0).toISOString(),
        },
      });
    }
    if (method === 'GET' && path === '/autocomplete/facets/suggested')
      return json(200, of(query.categoryId!));
    if (method === 'GET' && path === '/autocomplete/facets/children')
      return json(
        200,
        CATEGORIES.filter((c) => c.parentId === (query.categoryId ?? null)).map((c) => ({
          categoryId: c.id,
          name: c.name,
          hasChildren: CATEGORIES.some((k) => k.parentId === c.id),
          products: c.products,
          suggested: count(c.id, 'SUGGESTED'),
          applied: count(c.id, 'APPLY'),
          disabled: count(c.id, 'DISABLE'),
        })),
      );
    if (method === 'GET' && path === '/autocomplete/facets/diff') {
      const parentId = CATEGORIES.find((c) => c.id === query.categoryId)!.parentId;
      const here = of(query.categoryId!);
      const parent = of(parentId);
      const names = [...new Set([...here, ...parent].map((f) => f.attribute))].sort();
      return json(
        200,
        names.flatMap((name) => {
          const a = here.find((f) => f.attribute === name);
          const b = parent.find((f) => f.attribute === name);
          const change = !b
            ? 'ONLY_HERE'
            : !a
              ? 'ONLY_PARENT'
              : a.state !== b.state
                ? 'STATE'
                : Math.abs(a.coverage - b.coverage) >= 0.1
                  ? 'COVERAGE'
                  : null;
          return change
            ? [
                {
                  attribute: name,
                  state: a?.state ?? null,
                  parentState: b?.state ?? null,
                  coverage: a?.coverage ?? null,
                  parentCoverage: b?.coverage ?? null,
                  change,
                },
              ]
            : [];
        }),
      );
    }
    if (method === 'POST' && path === '/autocomplete/facets/apply') {
      const decision = body as {
        categoryId: string;
        attribute: string;
        mode: 'APPLY' | 'DISABLE';
      } & Pick<FacetAttribute, 'dataType' | 'booleanView' | 'sort' | 'position'>;
      const existing = facets.find(
        (f) => f.categoryId === decision.categoryId && f.attribute === decision.attribute,
      );
      const next = {
        ...(existing ?? attribute(decision.categoryId, decision.attribute, 'APPLY', 0.9)),
        state: decision.mode,
        dataType: decision.dataType,
        booleanView: decision.booleanView,
        sort: decision.sort,
        position: decision.position,
      };
      if (existing) facets.splice(facets.indexOf(existing), 1, next);
      else facets.push(next);
      return json(200, next);
    }
    if (method === 'DELETE' && path === '/autocomplete/facets/apply') {
      const existing = facets.find(
        (f) => f.categoryId === query.categoryId && f.attribute === query.attribute,
      );
      if (!existing) return json(404, { status: 404, message: 'Facet attribute not found' });
      existing.state = 'SUGGESTED';
      return json(200, { ok: true });
    }
    return json(404, { status: 404, message: `No fake for ${method} ${path}` });
  };
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(handler);
  return {
    calls,
    writes: () => calls.filter((c) => c.method !== 'GET'),
    /** A calculation is running: nothing computed yet, the whole list once it is done. */
    calculating: () => {
      calculated = [...facets];
      polled = false;
      facets.splice(0, facets.length);
    },
    fail: (path: string) => failing.add(path),
    heal: (path: string) => failing.delete(path),
    restore: () => spy.mockRestore(),
  };
}

let server: ReturnType<typeof installFakeFacetServer>;
beforeEach(() => {
  server = installFakeFacetServer();
});
afterEach(() => server.restore());

const tree = () => screen.getByRole('region', { name: 'Дерево категорий' });
/** A tree row's cells after the name: products, suggested, applied, disabled. */
const counts = (name: string) =>
  [...tree().querySelectorAll(`tr[data-category="${name}"] td`)].map((cell) => cell.textContent);

/** Opens Женщинам → Одежда and picks Свитеры in the tree. */
async function pickSweaters(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await within(tree()).findByRole('button', { name: 'Развернуть Женщинам' }));
  await user.click(await within(tree()).findByRole('button', { name: 'Развернуть Одежда' }));
  await user.click(await within(tree()).findByRole('button', { name: 'Свитеры' }));
  return screen.findByRole('region', {
    name: 'Отличия от родительской категории «Одежда»',
  });
}

describe('/anyquery/service/facet-attributes: children and diff', () => {
  it('browses the category tree level by level with each category’s facet counts', async () => {
    const { user } = renderPage(<FacetAttributesPage />);
    await within(tree()).findByRole('button', { name: 'Женщинам' });
    // Roots: the children call without categoryId.
    expect(server.calls.find((c) => c.path === '/autocomplete/facets/children')?.query).toEqual({
      siteId: '1',
    });
    expect(within(tree()).queryByRole('button', { name: 'Одежда' })).toBeNull();
    expect(within(tree()).queryByRole('button', { name: 'Развернуть Мужчинам' })).toBeNull();
    expect(counts('Мужчинам')).toEqual(['90', '1', '—', '—']);

    const expand = within(tree()).getByRole('button', { name: 'Развернуть Женщинам' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    await within(tree()).findByRole('button', { name: 'Одежда' });
    expect(
      server.calls.filter((c) => c.path === '/autocomplete/facets/children').at(-1)?.query,
    ).toEqual({ siteId: '1', categoryId: 'w' });
    expect(within(tree()).getByRole('button', { name: 'Свернуть Женщинам' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // Одежда: 80 products, 1 suggested (Размер), 1 applied (Цвет), none disabled.
    expect(counts('Одежда')).toEqual(['80', '1', '1', '—']);

    await user.click(within(tree()).getByRole('button', { name: 'Свернуть Женщинам' }));
    expect(within(tree()).queryByRole('button', { name: 'Одежда' })).toBeNull();
  });

  it('counts again when the calculation finishes', async () => {
    server.calculating();
    const { user } = renderPage(<FacetAttributesPage />);
    await within(tree()).findByRole('button', { name: 'Мужчинам' });
    expect(counts('Мужчинам')).toEqual(['90', '—', '—', '—']);
    await waitFor(() => expect(counts('Мужчинам')).toEqual(['90', '1', '—', '—']));
    await user.click(within(tree()).getByRole('button', { name: 'Развернуть Женщинам' }));
    await within(tree()).findByRole('button', { name: 'Одежда' });
    expect(counts('Одежда')).toEqual(['80', '1', '1', '—']);
  });

  it('picks a category in the tree: its attributes and its difference from the parent', async () => {
    const { user } = renderPage(<FacetAttributesPage />);
    const diff = await pickSweaters(user);
    expect(within(tree()).getByRole('button', { name: 'Свитеры' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The attribute table of the picked category.
    expect(await screen.findByRole('row', { name: /^Материал Предложен/ })).toBeVisible();

    const rows = within(diff).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'МатериалТолько здесьПредложен · 70 %—Применить',
      'РазмерДругое состояниеОтключён · 80 %Предложен · 80 %Как у родителя',
      'ЦветТолько у родителя—Применён · 90 %Добавить сюда',
    ]);
  });

  it('adds an attribute only the parent has with the parent’s settings, and the counts follow', async () => {
    const { user } = renderPage(<FacetAttributesPage />);
    const diff = await pickSweaters(user);
    const colour = await within(diff).findByRole('row', { name: /^Цвет/ });
    await user.click(within(colour).getByRole('button', { name: 'Добавить сюда' }));

    await waitFor(() => expect(within(diff).queryByRole('row', { name: /^Цвет/ })).toBeNull());
    expect(server.writes().map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/autocomplete/facets/apply',
        {
          categoryId: 'ws',
          attribute: 'Цвет',
          mode: 'APPLY',
          dataType: 'NUM_DISTINCT',
          booleanView: 'DEFAULT',
          sort: 'ASC',
          position: 2,
        },
      ],
    ]);
    // The tree's applied count and the attribute table follow.
    await waitFor(() => expect(counts('Свитеры')).toEqual(['30', '1', '1', '1']));
    expect(await screen.findByRole('row', { name: /^Цвет Применён/ })).toBeVisible();
  });

  it('applies an attribute suggested only here, and brings a state back to the parent’s', async () => {
    const { user } = renderPage(<FacetAttributesPage />);
    const diff = await pickSweaters(user);
    await user.click(
      within(within(diff).getByRole('row', { name: /^Размер/ })).getByRole('button', {
        name: 'Как у родителя',
      }),
    );
    await waitFor(() => expect(within(diff).queryByRole('row', { name: /^Размер/ })).toBeNull());
    await user.click(
      within(within(diff).getByRole('row', { name: /^Материал/ })).getByRole('button', {
        name: 'Применить',
      }),
    );
    await waitFor(() =>
      expect(within(diff).getByRole('row', { name: /^Материал/ })).toHaveTextContent(
        'Применён · 70 %',
      ),
    );
    expect(server.writes().map((c) => [c.method, c.path, c.query, c.body?.mode])).toEqual([
      [
        'DELETE',
        '/autocomplete/facets/apply',
        { siteId: '1', categoryId: 'ws', attribute: 'Размер' },
        undefined,
      ],
      ['POST', '/autocomplete/facets/apply', { siteId: '1' }, 'APPLY'],
    ]);
  });

  it('says a root category has no parent', async () => {
    const { user } = renderPage(<FacetAttributesPage />);
    await user.click(await within(tree()).findByRole('button', { name: 'Мужчинам' }));
    const diff = await screen.findByRole('region', { name: 'Отличия от родительской категории' });
    expect(diff).toHaveTextContent('У корневой категории нет родителя');
    expect(await within(diff).findByRole('row', { name: /^Цвет/ })).toHaveTextContent(
      'Только здесь',
    );
  });

  it('shows a failed children call in the tree and loads it again on retry', async () => {
    server.fail('/autocomplete/facets/children');
    const { user } = renderPage(<FacetAttributesPage />);
    const alert = await within(tree()).findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить: 500 · Ошибка сервера. Попробуйте позже');
    expect(within(tree()).queryByRole('button', { name: 'Женщинам' })).toBeNull();

    server.heal('/autocomplete/facets/children');
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await within(tree()).findByRole('button', { name: 'Женщинам' });
    expect(within(tree()).queryByRole('alert')).toBeNull();
  });

  it('shows a failed diff call in its panel, the tree and the attributes still usable', async () => {
    server.fail('/autocomplete/facets/diff');
    const { user } = renderPage(<FacetAttributesPage />);
    const diff = await pickSweaters(user);
    expect(await within(diff).findByRole('alert')).toHaveTextContent(
      'Не удалось загрузить: 500 · Ошибка сервера. Попробуйте позже',
    );
    expect(within(diff).queryByRole('table')).toBeNull();
    expect(await screen.findByRole('row', { name: /^Материал Предложен/ })).toBeVisible();
  });

  it('hides the diff actions from a user who may not decide facets', async () => {
    const { user } = renderPage(<FacetAttributesPage />, { roles: ['ROLE_AUTOCOMPLETE_VIEW'] });
    const diff = await pickSweaters(user);
    await within(diff).findByRole('row', { name: /^Цвет/ });
    expect(within(diff).queryAllByRole('button')).toEqual([]);
  });
});
