import type { Preview } from '@storybook/react-vite';
import '../storefront/styles/storefront.scss';
import v3 from '../storefront/styles/tokens/default-v3.json';
import v35 from '../storefront/styles/tokens/default-v3.5.json';
import { compileTokens } from '../tokens/index.ts';
import { localeToolbar, withI18n } from '../src/lib/storybook-i18n.tsx';

/** Toolbar values are URL-safe ids (`globals=tokens:V35`); titles are the tokenVersionKey. */
/** The default sets through the real token compiler, as generated bundles get them. */
const TOKEN_SETS = {
  V3: compileTokens(v3, { versionKey: 'V3' }).css ?? '',
  V35: compileTokens(v35, { versionKey: 'V3.5' }).css ?? '',
} as const;

/** Puts the chosen default token set on the page (toolbar "Tokens"). */
function applyTokens(name: string): void {
  let style = document.getElementById('digi-storybook-tokens');
  if (style === null) {
    style = document.createElement('style');
    style.id = 'digi-storybook-tokens';
    document.head.appendChild(style);
  }
  style.textContent = TOKEN_SETS[name === 'V35' ? 'V35' : 'V3'];
}

const preview: Preview = {
  globalTypes: {
    locale: localeToolbar as NonNullable<Preview['globalTypes']>[string],
    tokens: {
      description: 'Default design-token set of the storefront widgets',
      toolbar: {
        title: 'Tokens',
        icon: 'paintbrush',
        items: [
          { value: 'V3', title: 'V3' },
          { value: 'V35', title: 'V3.5' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { tokens: 'V3' },
  decorators: [
    withI18n,
    (Story, context) => {
      applyTokens(String(context.globals['tokens'] ?? 'V3'));
      return Story();
    },
  ],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
};

export default preview;
