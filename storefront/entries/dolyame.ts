/**
 * The Dolyame chunk a site's loader adds when the site enables the widget (server/routes/
 * cdn-dolyame.ts): reads the settings by the site's apiKey from the public API of the origin it
 * came from, then runs the widget. Separate from the core runtime and outside its size budget.
 */
import { mountDolyame, type DolyameSettings } from '../integrations/dolyame/dolyame.ts';

interface WidgetAnswer {
  enabled: boolean;
  settings: DolyameSettings;
}

async function start(script: HTMLScriptElement | null): Promise<void> {
  const apiKey = script?.dataset['apiKey'];
  if (!script || !apiKey) return;
  const url = new URL('/public/config/site/dolyame/widget', script.src);
  url.searchParams.set('apiKey', apiKey);
  const response = await fetch(url, { credentials: 'omit' });
  if (!response.ok) throw new Error(`Dolyame settings: HTTP ${response.status}`);
  const answer = (await response.json()) as WidgetAnswer;
  if (!answer.enabled) return;
  const run = () => mountDolyame(window, answer.settings);
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}

const current = document.currentScript as HTMLScriptElement | null;
// A widget never breaks the merchant's page: failures go to the console only.
start(current).catch((error: unknown) => console.warn('[digi] dolyame:', error));
