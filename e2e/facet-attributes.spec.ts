/**
 * The facet attributes screen's category tree (children) and difference from the parent (diff) on
 * the demo catalog: what the screen shows is what the server computed, and a suggested attribute
 * applied from the diff reaches the tree's counts. The demo site is put back as it was found.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

interface Child {
  categoryId: string;
  name: string;
  products: number;
  suggested: number;
  applied: number;
  disabled: number;
}
interface Diff {
  attribute: string;
  change: string;
  state: string | null;
  parentState: string | null;
}

async function children(page: Page, categoryId?: string): Promise<Child[]> {
  const query = categoryId ? `&categoryId=${encodeURIComponent(categoryId)}` : '';
  const response = await page.request.get(`/api/autocomplete/facets/children?siteId=1${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Child[];
}

/** A tree row's cells as the screen writes them: products, then the counts (none: a dash). */
const cells = (child: Child) => [
  String(child.products),
  ...[child.suggested, child.applied, child.disabled].map((n) => (n ? String(n) : '—')),
];

async function diffOf(page: Page, categoryId: string): Promise<Diff[]> {
  const response = await page.request.get(
    `/api/autocomplete/facets/diff?siteId=1&categoryId=${encodeURIComponent(categoryId)}`,
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as Diff[];
}

const CHANGE: Record<string, string> = {
  ONLY_HERE: 'Только здесь',
  ONLY_PARENT: 'Только у родителя',
  STATE: 'Другое состояние',
  COVERAGE: 'Другой охват',
};

test('an operator browses the category tree, reads a category against its parent and adds what only the parent has', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin', { at: '/anyquery/service/facet-attributes' });
  await expect(page.getByRole('heading', { name: 'Атрибуты фасетов', exact: true })).toBeVisible();
  const calculate = async () => {
    await page.getByRole('button', { name: 'Рассчитать предложения' }).click();
    await expect(page.getByRole('button', { name: 'Рассчитать предложения' })).toBeEnabled({
      timeout: 60_000,
    });
    await expect(page.getByRole('region', { name: 'Рассчитать предложения' })).toContainText(
      'Готово',
    );
  };
  await calculate();

  const tree = page.getByRole('region', { name: 'Дерево категорий' });
  const row = (name: string) => tree.locator(`tr[data-category="${name}"]`);
  const pick = (name: string) => tree.getByRole('button', { name, exact: true });
  // The roots, then Женщинам's children, then Одежда's: each row as the server counts it.
  const roots = await children(page);
  expect(roots.map((c) => c.name).sort()).toEqual(['Детям', 'Женщинам', 'Мужчинам']);
  for (const root of roots) await expect(row(root.name).locator('td')).toHaveText(cells(root));
  const women = roots.find((c) => c.name === 'Женщинам')!;
  await tree.getByRole('button', { name: 'Развернуть Женщинам' }).click();
  const groups = await children(page, women.categoryId);
  for (const group of groups) await expect(row(group.name).locator('td')).toHaveText(cells(group));
  const clothes = groups.find((c) => c.name === 'Одежда')!;
  await tree.getByRole('button', { name: 'Развернуть Одежда' }).click();
  const leaves = await children(page, clothes.categoryId);
  for (const leaf of leaves) await expect(row(leaf.name).locator('td')).toHaveText(cells(leaf));
  // The calculation suggested facets somewhere down the tree.
  expect(leaves.some((leaf) => leaf.suggested > 0)).toBe(true);

  // Платья: a category with fewer params than its parent (the demo feed's dresses).
  const dresses = leaves.find((c) => c.name === 'Платья')!;
  await pick('Платья').click();
  await expect(pick('Платья')).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByRole('region', { name: 'Отличия от родительской категории «Одежда»' });
  const before = await diffOf(page, dresses.categoryId);
  const onlyParent = before.filter((d) => d.change === 'ONLY_PARENT');
  expect(onlyParent.length).toBeGreaterThan(0);
  await expect(panel.locator('tbody th')).toHaveText(before.map((d) => d.attribute));
  await expect(panel.locator('tbody td:nth-of-type(1)')).toHaveText(
    before.map((d) => CHANGE[d.change]!),
  );

  await page.screenshot({ path: test.info().outputPath('facet-tree-diff.png'), fullPage: true });
  await expectAccessible(page);

  // Added here from the parent: applied in Платья, counted in the tree, now differing in state.
  const name = onlyParent[0]!.attribute;
  const diffRow = panel.locator(`tr[data-diff="${name}"]`);
  await diffRow.getByRole('button', { name: 'Добавить сюда' }).click();
  await expect(diffRow).toContainText('Другое состояние');
  await expect(diffRow).toContainText('Применён');
  await expect(page.locator(`tr[data-attribute="${name}"]`)).toContainText('Применён');
  await expect(row('Платья').locator('td').nth(2)).toHaveText(String(dresses.applied + 1));
  expect((await diffOf(page, dresses.categoryId)).find((d) => d.attribute === name)).toMatchObject({
    change: 'STATE',
    state: 'APPLY',
    parentState: 'SUGGESTED',
  });

  // Back as the parent has it, and a new calculation: the demo site as it was.
  await diffRow.getByRole('button', { name: 'Как у родителя' }).click();
  await expect(page.locator(`tr[data-attribute="${name}"]`)).toContainText('Предложен');
  await calculate();
  await expect(row('Платья').locator('td')).toHaveText(cells(dresses));
  await expect(panel.locator('tbody th')).toHaveText(before.map((d) => d.attribute));
  expect(await diffOf(page, dresses.categoryId)).toEqual(before);
});
