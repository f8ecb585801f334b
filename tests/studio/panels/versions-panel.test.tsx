import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ConfigVersionMeta } from '#contract/entities/config.ts';
import { searchConfig } from '#contract/entities/config.ts';
import { VersionsPanel } from '#studio/panels/versions-panel.tsx';
import { DiffView } from '#studio/panels/diff-view.tsx';
import '../editors/codemirror-jsdom.ts';
import { renderEditors } from '../editors/render-editors.tsx';

const VERSIONS: ConfigVersionMeta[] = [
  {
    versionId: 11,
    version: 1,
    test: true,
    configType: 'INTEGRATION',
    author: 'designer',
    createdAt: '2026-11-20T10:00:00.000Z',
    sourceVersionId: null,
  },
  {
    versionId: 12,
    version: 2,
    test: true,
    configType: 'INTEGRATION',
    author: 'integrator',
    createdAt: '2026-11-21T09:00:00.000Z',
    sourceVersionId: null,
  },
  {
    versionId: 20,
    version: 1,
    test: false,
    configType: 'PRODUCTION',
    author: 'integrator',
    createdAt: '2026-11-21T09:30:00.000Z',
    sourceVersionId: 12,
  },
];

const CONFIGS: Record<number, unknown> = {
  11: searchConfig.parse({ throttle: 800, css: '.a { color: red; }' }),
  12: searchConfig.parse({
    throttle: 500,
    css: '.a { color: blue; }',
    htmlTemplate: { productItem: '<b>{{name}}</b>' },
  }),
  20: searchConfig.parse({
    throttle: 500,
    css: '.a { color: blue; }',
    htmlTemplate: { productItem: '<b>{{name}}</b>' },
  }),
};

const load = () =>
  vi.fn(async (id: number) => {
    if (!(id in CONFIGS)) throw new Error(`HTTP 404`);
    return structuredClone(CONFIGS[id]);
  });

describe('VersionsPanel', () => {
  it('lists both copies newest first with version, author, time and where a production version came from', () => {
    renderEditors(<VersionsPanel versions={VERSIONS} loadVersion={load()} onRestore={vi.fn()} />, {
      locale: 'en',
    });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      // One label format: 'Version N' and the copy, the source by the same label.
      'Version 1Productionfrom: version 2 (Integration)',
      'Version 2Integration',
      'Version 1Integration',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Production')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Integration')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('integrator')).toBeInTheDocument();
    expect(rows[2]?.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T10:00:00.000Z');
  });

  it('compares two picked versions: text fields in a merge view, settings as a counted list', async () => {
    const loadVersion = load();
    const { user } = renderEditors(
      <VersionsPanel versions={VERSIONS} loadVersion={loadVersion} onRestore={vi.fn()} />,
      { locale: 'en' },
    );
    // picked newest first: the older one still lands on the left
    await user.click(screen.getByRole('checkbox', { name: 'Compare: version 2 (Integration)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare: version 1 (Integration)' }));
    expect(await screen.findByText('3 changes')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '1 changed setting' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('throttle');
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['800', '500']);
    expect(
      screen.getByRole('columnheader', { name: 'version 1 (Integration)' }),
    ).toBeInTheDocument();
    const css = screen.getByRole('region', { name: 'css' });
    await waitFor(() => expect(css.querySelector('.cm-mergeView')).not.toBeNull());
    expect(css).toHaveTextContent('.a { color: red; }');
    expect(css).toHaveTextContent('.a { color: blue; }');
    expect(screen.getByRole('region', { name: 'htmlTemplate.productItem' })).toBeInTheDocument();

    // a third pick replaces the first one (v2): v1 against production v1
    await user.click(screen.getByRole('checkbox', { name: 'Compare: version 1 (Production)' }));
    expect(
      screen.getByRole('checkbox', { name: 'Compare: version 2 (Integration)' }),
    ).not.toBeChecked();
    expect(
      await screen.findByRole('columnheader', { name: 'version 1 (Production)' }),
    ).toBeInTheDocument();
    // production v1 was generated from v2: identical
    await user.click(screen.getByRole('checkbox', { name: 'Compare: version 1 (Integration)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare: version 2 (Integration)' }));
    expect(await screen.findByText('The versions do not differ')).toBeInTheDocument();
    expect(loadVersion.mock.calls.map(([id]) => id).sort()).toEqual([11, 12, 20]);
  });

  it('compares a version with the current draft', async () => {
    const current = searchConfig.parse({ throttle: 300, css: '.a { color: red; }' });
    const { user } = renderEditors(
      <VersionsPanel
        versions={VERSIONS}
        loadVersion={load()}
        current={current}
        onRestore={vi.fn()}
      />,
      { locale: 'en' },
    );
    await user.click(screen.getByRole('checkbox', { name: 'Compare: Current draft' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare: version 1 (Integration)' }));
    expect(await screen.findByText('1 change')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Current draft' })).toBeInTheDocument();
  });

  it('restores a version into the integration draft', async () => {
    const onRestore = vi.fn();
    const { user } = renderEditors(
      <VersionsPanel versions={VERSIONS} loadVersion={load()} onRestore={onRestore} />,
      { locale: 'en' },
    );
    await user.click(
      screen.getByRole('button', {
        name: 'Restore version 1 (Integration) into the integration draft',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Version 1 is loaded into the integration draft',
    );
    expect(onRestore).toHaveBeenCalledWith(CONFIGS[11], VERSIONS[0]);
  });

  it('says when a version cannot be loaded, for a diff and for a restore', async () => {
    const onRestore = vi.fn();
    const versions = [
      ...VERSIONS,
      { ...VERSIONS[0], versionId: 99, version: 9 } as ConfigVersionMeta,
    ];
    const { user } = renderEditors(
      <VersionsPanel versions={versions} loadVersion={load()} onRestore={onRestore} />,
      { locale: 'en' },
    );
    await user.click(screen.getByRole('checkbox', { name: 'Compare: version 9 (Integration)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare: version 1 (Integration)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the version: HTTP 404',
    );
    await user.click(
      screen.getByRole('button', {
        name: 'Restore version 9 (Integration) into the integration draft',
      }),
    );
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(onRestore).not.toHaveBeenCalled();
  });

  it('hides restore without the right and says when there is nothing', () => {
    renderEditors(
      <VersionsPanel versions={[]} loadVersion={load()} onRestore={vi.fn()} canRestore={false} />,
      { locale: 'en' },
    );
    expect(screen.getByText('No saved versions yet')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('DiffView', () => {
  it('lists added and removed settings with an em dash for the missing side', () => {
    renderEditors(
      <DiffView before={{ a: 1 }} after={{ b: 'x' }} beforeLabel="old" afterLabel="new" />,
      { locale: 'en' },
    );
    expect(screen.getByText('2 changes')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['a1—', 'b—"x"']);
  });
});
