import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokensPanel } from '#studio/panels/tokens-panel.tsx';
import type { TokensPanelProps, TokensSource } from '#studio/panels/tokens-panel.tsx';
import type { TokenTree } from '#tokens/core/types.ts';
import { renderEditors } from '../editors/render-editors.tsx';

const TREE: TokenTree = {
  Spacing: { sm: { value: '4', type: 'spacing' } },
  Colors: {
    base: { value: '#ff0000', type: 'color' },
    accent: { value: '{Colors.base}', type: 'color' },
  },
  Primary: { text: { value: '{Colors.accent}', type: 'color' } },
};

let latest: TokenTree | null = null;

function Host({
  initial = null,
  source,
  ...rest
}: { initial?: TokenTree | null; source?: TokensSource } & Partial<TokensPanelProps>) {
  const [tokens, setTokens] = useState<TokenTree | null>(initial);
  return (
    <TokensPanel
      tokens={tokens}
      source={source}
      onChange={(tree) => {
        latest = tree;
        setTokens(tree);
      }}
      {...rest}
    />
  );
}

const tokenValue = (tree: TokenTree | null, group: string, name: string): unknown =>
  (tree?.[group] as Record<string, { value: unknown }> | undefined)?.[name]?.value;

const row = (path: string) => {
  const el = document.querySelector(`[data-token="${path}"]`);
  if (!(el instanceof HTMLElement)) throw new Error(`no row ${path}`);
  return el;
};

afterEach(() => {
  vi.unstubAllGlobals();
  latest = null;
});

describe('TokensPanel', () => {
  it('loads a token set from a local JSON file, grouped in the spec order', async () => {
    const { user } = renderEditors(<Host />, { locale: 'en' });
    expect(screen.getByText(/No tokens/)).toBeInTheDocument();
    const file = new File([JSON.stringify(TREE)], 'tokens.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Token file (JSON)'), file);

    await screen.findByText('4 tokens');
    expect(latest).toEqual(TREE);
    const groups = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    // Primary, Colors, Spacing: the spec's order, not the file's
    expect(groups).toEqual(['Primary (1)', 'Colors (2)', 'Spacing (1)']);
    // resolved values of references are shown
    expect(within(row('Primary.text')).getByText('→ #ff0000')).toBeInTheDocument();
  });

  it('starts from the default set and removes the own set', async () => {
    const onClear = vi.fn();
    const { user } = renderEditors(<Host defaultTokens={TREE} onClear={onClear} />, {
      locale: 'en',
    });
    expect(screen.queryByRole('button', { name: 'Remove this set' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start from the default set' }));
    expect(latest).toBe(TREE);
    expect(screen.getByText('4 tokens')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start from the default set' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove this set' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('says so when a file is not JSON', async () => {
    const { user } = renderEditors(<Host />, { locale: 'en' });
    await user.upload(
      screen.getByLabelText('Token file (JSON)'),
      new File(['{ nope'], 'broken.json', { type: 'application/json' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file broken.json is not valid JSON',
    );
    expect(latest).toBeNull();
  });

  it('edits a colour with the picker; dependants follow', async () => {
    renderEditors(<Host initial={TREE} />, { locale: 'en' });
    const picker = screen.getByLabelText('Colour of Colors.base');
    expect(picker).toHaveValue('#ff0000');
    // a reference's picker shows the resolved colour
    expect(screen.getByLabelText('Colour of Colors.accent')).toHaveValue('#ff0000');

    fireEvent.input(picker, { target: { value: '#00ff00' } });
    expect(tokenValue(latest, 'Colors', 'base')).toBe('#00ff00');
    expect(screen.getByLabelText('Value of Colors.base')).toHaveValue('#00ff00');
    expect(within(row('Primary.text')).getByText('→ #00ff00')).toBeInTheDocument();
    // the other tokens are untouched objects (only the path to the edit is copied)
    expect(latest?.Spacing).toBe(TREE.Spacing);
  });

  it('shows a broken reference next to its token, and clears it when fixed', async () => {
    const { user } = renderEditors(<Host initial={TREE} />, { locale: 'en' });
    const input = screen.getByLabelText('Value of Colors.accent');
    await user.clear(input);
    await user.type(input, '{{Colors.nope}');
    expect(input).toHaveValue('{Colors.nope}');
    expect(
      // The compiler's code in the interface language, naming the reference.
      within(row('Colors.accent')).getByText(/Reference \{Colors.nope\} points to no token/),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // the dependant is named too (its donor is UNDEFINED now) and the summary counts errors
    expect(screen.getByText(/error/)).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '#123456');
    expect(within(row('Colors.accent')).queryByText(/points to no token/)).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('offers token paths while a reference is typed', async () => {
    const { user } = renderEditors(<Host initial={TREE} />, { locale: 'en' });
    const input = screen.getByLabelText('Value of Primary.text');
    await user.clear(input);
    await user.type(input, '{{Col');
    const list = screen.getByRole('listbox', { name: 'Tokens to reference' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Colors.base', 'Colors.accent']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('{Colors.accent}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('filters by the search text', async () => {
    const { user } = renderEditors(<Host initial={TREE} />, { locale: 'en' });
    await user.type(screen.getByLabelText('Search tokens'), 'spac');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Spacing (1)',
    ]);
    await user.clear(screen.getByLabelText('Search tokens'));
    await user.type(screen.getByLabelText('Search tokens'), 'zzz');
    expect(screen.getByText('Nothing found')).toBeInTheDocument();
  });

  it("shows the spec's message when the CDN cannot be reached", async () => {
    const fetch = vi.fn(async () => new Response('nope', { status: 404 }));
    vi.stubGlobal('fetch', fetch);
    const { user } = renderEditors(
      <Host
        source={{ apiType: 'CDN', url: 'https://cdn.example/tokens/{uuid}.json', uuid: 'ab-12' }}
      />,
      { locale: 'en' },
    );
    await user.click(screen.getByRole('button', { name: 'Load from the address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Can not load tokes from url: https://cdn.example/tokens/ab-12.json',
    );
    expect(fetch).toHaveBeenCalledOnce();
    expect(latest).toBeNull();
  });

  it('loads from JSON storage with the access key header', async () => {
    const fetch = vi.fn(
      async (_url: string, _init?: { headers?: Record<string, string> }) =>
        new Response(JSON.stringify({ record: { values: [TREE] } }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    const { user } = renderEditors(
      <Host source={{ apiType: 'JSON_BIN', url: 'https://store.example/b/1', accessKey: 'k-9' }} />,
      { locale: 'en' },
    );
    await user.click(screen.getByRole('button', { name: 'Load from the address' }));
    await screen.findByText('4 tokens');
    expect(fetch.mock.calls[0]?.[0]).toBe('https://store.example/b/1');
    expect(fetch.mock.calls[0]?.[1]?.headers).toEqual({ 'X-Access-Key': 'k-9' });
    expect(latest).toEqual(TREE);
  });

  it('says when the storage holds no set', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ record: { values: [] } }), { status: 200 })),
    );
    const { user } = renderEditors(
      <Host source={{ apiType: 'JSON_BIN', url: 'https://store.example/b/1' }} />,
      { locale: 'en' },
    );
    await user.click(screen.getByRole('button', { name: 'Load from the address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The storage holds no token set');
  });

  it('edits composite values as JSON and keeps invalid text without applying it', async () => {
    const tree: TokenTree = {
      Shadows: {
        card: {
          value: { x: '0', y: '2', blur: '4', spread: '0', color: '#000', type: 'dropShadow' },
          type: 'boxShadow',
        },
      },
    };
    renderEditors(<Host initial={tree} />, { locale: 'en' });
    const area = screen.getByLabelText('Value of Shadows.card');
    fireEvent.change(area, { target: { value: '{ "x": ' } });
    expect(screen.getByText(/Invalid JSON/)).toBeInTheDocument();
    expect(latest).toBeNull();
    fireEvent.change(area, {
      target: { value: '{ "x": "1", "y": "1", "blur": "2", "color": "#111" }' },
    });
    await waitFor(() =>
      expect(tokenValue(latest, 'Shadows', 'card')).toEqual({
        x: '1',
        y: '1',
        blur: '2',
        color: '#111',
      }),
    );
    expect(screen.queryByText(/Invalid JSON/)).toBeNull();
    // typed text is kept as typed while editing, pretty-printed after leaving the field
    expect(area).toHaveValue('{ "x": "1", "y": "1", "blur": "2", "color": "#111" }');
    fireEvent.blur(area);
    expect(area).toHaveValue(JSON.stringify({ x: '1', y: '1', blur: '2', color: '#111' }, null, 2));
  });
});
