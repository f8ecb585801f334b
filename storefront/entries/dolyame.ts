/**
 * The Dolyame chunk a site's loader adds when the site enables the widget (server/integrations/
 * dolyame-chunk.ts): reads the settings by the site's apiKey from the public API of the origin it
 * came from, then runs the widget; with alternative attributes it reads the page's products'
 * facts from the same call (`productId`). Separate from the core runtime and outside its size
 * budget.
 */
import type { DolyameAttributeMap, DolyameProductFacts } from '#contract/public/dolyame.ts';
import { mountDolyame, type DolyameSettings } from '../integrations/dolyame/dolyame.ts';

interface WidgetAnswer {
  enabled: boolean;
  settings: DolyameSettings;
  attributes?: DolyameAttributeMap;
  products?: Record<string, DolyameProductFacts | null>;
}

async function read(url: URL): Promise<WidgetAnswer> {
  const response = await fetch(url, { credentials: 'omit' });
  if (!response.ok) throw new Error(`Dolyame settings: HTTP ${response.status}`);
  return (await response.json()) as WidgetAnswer;
}

async function start(script: HTMLScriptElement | null): Promise<void> {
  const apiKey = script?.dataset['apiKey'];
  if (!script || !apiKey) return;
  const url = new URL('/public/config/site/dolyame/widget', script.src);
  url.searchParams.set('apiKey', apiKey);
  const answer = await read(url);
  if (!answer.enabled) return;
  const attributes = answer.attributes ?? {};
  const source =
    Object.keys(attributes).length > 0
      ? {
          attributes,
          async read(ids: string[]) {
            const asked = new URL(url);
            for (const id of ids) asked.searchParams.append('productId', id);
            return (await read(asked)).products ?? {};
          },
        }
      : undefined;
  const run = () => mountDolyame(window, answer.settings, source);
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}

const current = document.currentScript as HTMLScriptElement | null;
// A widget never breaks the merchant's page: failures go to the console only.
start(current).catch((error: unknown) => console.warn('[digi] dolyame:', error));
