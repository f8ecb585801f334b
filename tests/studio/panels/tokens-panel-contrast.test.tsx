/**
 * The tokens panel shows the contrast check of a whole set: the storefront's default set before
 * one is taken (with its failing pairs listed), and the config's own set. The default sets pass.
 */
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TokensPanel } from '#studio/panels/tokens-panel.tsx';
import type { TokenTree } from '#tokens/core/types.ts';
import defaultV3 from '#storefront/styles/tokens/default-v3.json' with { type: 'json' };
import defaultV35 from '#storefront/styles/tokens/default-v3.5.json' with { type: 'json' };
import { renderEditors } from '../editors/render-editors.tsx';

// jsdom gets no CSS from Vite: the check reads the storefront's real compiled styles.
vi.mock('#storefront/styles/storefront.scss?inline', async () => {
  const sass = await import('sass');
  return {
    default: sass.compile('storefront/styles/storefront.scss', { style: 'expanded' }).css,
  };
});

function Host({ defaultTokens }: { defaultTokens: TokenTree }) {
  const [tokens, setTokens] = useState<TokenTree | null>(null);
  return <TokensPanel tokens={tokens} onChange={setTokens} defaultTokens={defaultTokens} />;
}

describe('TokensPanel contrast check', () => {
  it('shows the check of the default sets, which pass, before one is taken', async () => {
    for (const defaults of [defaultV3, defaultV35] as TokenTree[]) {
      const { unmount } = renderEditors(<Host defaultTokens={defaults} />, { locale: 'en' });
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Default set: Contrast (WCAG 2.2): every pair passes (19 checked)',
      );
      unmount();
    }
  });

  it('lists the failing pairs of a default set that does not pass, and checks an own set too', async () => {
    const failing = structuredClone(defaultV3) as TokenTree & { Colors: Record<string, unknown> };
    failing.Colors.border = { value: '#d5d9e0', type: 'color' };
    const { user } = renderEditors(<Host defaultTokens={failing} />, { locale: 'en' });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Default set: Contrast (WCAG 2.2): 2 of 19 pairs below');
    expect(status).toHaveTextContent(
      'Contrast 1.41:1 — --colors-border (#d5d9e0) on --colors-background (#ffffff)',
    );
    // Taken as the config's own set: the same check, in the summary and at its tokens.
    await user.click(screen.getByRole('button', { name: 'Start from the default set' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Contrast (WCAG 2.2): 2 of 19 pairs below',
    );
    expect(screen.getByText(/2 contrast failures/)).toBeInTheDocument();
  });

  it('in Russian by default', async () => {
    renderEditors(<Host defaultTokens={defaultV3 as TokenTree} />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Стандартный набор: Контраст по WCAG 2.2: все пары проходят (проверено: 19)',
    );
  });
});
