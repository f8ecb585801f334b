/**
 * The preview harness page (tests and bench only): mounts the real PreviewPane and lets the
 * driver (Playwright) edit through `window.previewHarness`.
 */
import i18next from 'i18next';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import storefrontCss from '#storefront/styles/storefront.scss?inline';
import '#src/ui/ui.css';
import type {
  PreviewError,
  PreviewWidget,
  TemplateSources,
  WidgetSettings,
} from '../bridge/protocol.ts';
import ru from '../locales/ru/preview.json';
import { PreviewPane, type PreviewCopy } from '../panels/preview-pane.tsx';
import { createScssCompiler } from '../workers/scss-client.ts';

interface HarnessState {
  widget: PreviewWidget;
  settings: WidgetSettings;
  templates: TemplateSources;
  css: string;
  query: string | undefined;
  compare: PreviewCopy | undefined;
}

export interface PreviewHarness {
  set(patch: Partial<HarnessState>): void;
  setTemplate(part: string, source: string): void;
  /** Compiles `scss` in the worker and appends it to the storefront's stylesheet. */
  setScss(
    scss: string,
    tokensScss?: string,
  ): Promise<{ ms: number; diagnostics: unknown[] } | null>;
  errors: PreviewError[];
  renders: Array<{ part: string; ms: number; count: number; at: number }>;
  /** The storefront's default stylesheet (compiled). */
  baseCss: string;
}

declare global {
  interface Window {
    previewHarness?: PreviewHarness;
  }
}

const params = new URLSearchParams(location.search);
const initial: HarnessState = {
  widget: (params.get('widget') as PreviewWidget | null) ?? 'instant-search',
  settings: JSON.parse(params.get('settings') ?? '{}') as WidgetSettings,
  templates: {},
  css: storefrontCss,
  query: params.get('query') ?? undefined,
  compare: undefined,
};

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'ru',
  initAsync: false,
  resources: { ru: { translation: { studio: { preview: ru } } } },
  interpolation: { escapeValue: false },
});

const scss = createScssCompiler();
let setState: (update: (s: HarnessState) => HarnessState) => void = () => undefined;
const harness: PreviewHarness = {
  set: (patch) => setState((s) => ({ ...s, ...patch })),
  setTemplate: (part, source) =>
    setState((s) => ({ ...s, templates: { ...s.templates, [part]: source } })),
  async setScss(text, tokensScss) {
    const result = await scss.compile(text, tokensScss);
    if (result === null) return null;
    if (result.diagnostics.length === 0) {
      setState((s) => ({ ...s, css: `${storefrontCss}\n${result.css}` }));
    }
    return { ms: result.ms, diagnostics: result.diagnostics };
  },
  errors: [],
  renders: [],
  baseCss: storefrontCss,
};
window.previewHarness = harness;

function Harness() {
  const [state, set] = useState(initial);
  useEffect(() => {
    setState = set;
  }, []);
  return (
    <PreviewPane
      apiKey={params.get('apiKey') ?? ''}
      widget={state.widget}
      settings={state.settings}
      templates={state.templates}
      css={state.css}
      {...(state.query !== undefined ? { query: state.query } : {})}
      {...(state.compare !== undefined ? { compare: state.compare } : {})}
      onErrors={(errors) => {
        harness.errors = errors;
      }}
      onRendered={(part, ms, count) => {
        harness.renders.push({ part, ms, count, at: performance.now() });
      }}
    />
  );
}

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Harness />
      </I18nextProvider>
    </StrictMode>,
  );
}
