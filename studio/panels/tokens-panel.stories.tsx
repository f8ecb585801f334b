import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import '#src/ui/ui.css';
import type { TokenTree } from '#tokens/core/types.ts';
import v35 from '#storefront/styles/tokens/default-v3.5.json';
import { TokensPanel } from './tokens-panel.tsx';
import type { TokensPanelProps } from './tokens-panel.tsx';

function Stateful(props: Omit<TokensPanelProps, 'onChange'>) {
  const [tokens, setTokens] = useState(props.tokens);
  return <TokensPanel {...props} tokens={tokens} onChange={setTokens} />;
}

const BROKEN: TokenTree = {
  Colors: {
    base: { value: '#4f46e5', type: 'color' },
    accent: { value: '{Colors.bse}', type: 'color' },
  },
  Spacing: { sm: { value: '{Spacing.base} * 2', type: 'spacing' } },
};

const meta = {
  title: 'Studio/TokensPanel',
  component: Stateful,
  args: { tokens: v35 as TokenTree },
} satisfies Meta<typeof Stateful>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DefaultSet: Story = {};
export const Empty: Story = {
  args: { tokens: null, source: { apiType: 'CDN', url: 'https://cdn.example/{uuid}.json' } },
};
export const BrokenReferences: Story = { args: { tokens: BROKEN } };
