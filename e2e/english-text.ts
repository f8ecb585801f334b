import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DATA, RAW_KEY, visibleText } from './russian-text.ts';

/*
 * Reading a screen as an English user does (e2e/console-walk.spec.ts). The demo data is Russian
 * (products, the site «Демо-магазин», rule names), so Cyrillic alone is no offence. What is: a
 * raw key; a text of the Russian locale (one that differs from its English counterpart) on screen;
 * Cyrillic in the interface's own frame (headings, labels, buttons, table headers, tabs, menu
 * entries, placeholders) that no answer of the API sent; a date in another format than the
 * English console's.
 */

type Tree = { [key: string]: string | Tree };

/** Every string of a locale tree, by its key path. */
function flatten(tree: Tree, prefix: string, into: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

/** The console's and the studio's strings of a language, keyed by file and key path. */
function localeStrings(locale: 'ru' | 'en'): Map<string, string> {
  const strings = new Map<string, string>();
  for (const dir of ['../src/locales/', '../studio/locales/']) {
    const folder = new URL(`${dir}${locale}/`, import.meta.url);
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.json')))
      flatten(
        JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Tree,
        `${dir}${file}:`,
        strings,
      );
  }
  return strings;
}

const CYRILLIC = /[а-яё]/i;
const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The Russian interface texts: each Russian string that differs from its English one (a plural
 * form reads against the English `_other`), cut at its interpolations and tags into the parts the
 * screen shows verbatim. A short part is matched as a whole line of the screen, so a Russian
 * word in the demo data does not count; a part of two words and 12 characters or more is matched
 * anywhere.
 */
function russianTexts(): { lines: Set<string>; phrases: string[] } {
  const ru = localeStrings('ru');
  const en = localeStrings('en');
  const lines = new Set<string>();
  const phrases = new Set<string>();
  for (const [key, text] of ru) {
    const english = en.get(key) ?? en.get(key.replace(/_(one|few|many|other)$/, '_other'));
    if (text === english || !CYRILLIC.test(text)) continue;
    const parts = text
      .split(/\{\{[^}]*\}\}|<\/?\w+\s*\/?>|\$t\([^)]*\)|\n/)
      .map((part) => normal(part).replace(/^[\s:,.;—–(«]+|[\s:,.;—–)»*…]+$/g, ''))
      .filter((part) => CYRILLIC.test(part));
    for (const part of parts) {
      if (part.length >= 3 && normal(text) === part) lines.add(part);
      if (part.length >= 12 && part.includes(' ')) phrases.add(part);
    }
  }
  return { lines, phrases: [...phrases] };
}

const RUSSIAN = russianTexts();

/** Russian month names and abbreviations as date-fns and Intl write them after a day. */
const RUSSIAN_DATE =
  /\b\d{1,2}\s(?:январ|феврал|март|апрел|ма[йя]|июн|июл|август|сентябр|октябр|ноябр|декабр|янв\.|фев\.|мар\.|апр\.|авг\.|сент?\.|окт\.|нояб?\.|дек\.)[а-я]*/gi;
/**
 * Dates in another format than the English console's one ('Mar 5th 2024'): day.month.year
 * (Russian Intl), month/day/year (an unformatted toLocaleString), '5 Mar 2024', 'March 5, 2024'.
 */
const OTHER_DATE =
  /\b\d{1,2}\.\d{1,2}\.\d{2,4}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{4}\b|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}\b/g;

/**
 * The Cyrillic words of every answer of the API the page has had since it opened: the demo data
 * (products, categories, rule and component names). Interface text comes from the console's bundle.
 */
export function watchData(page: Page): Set<string> {
  const words = new Set<string>();
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    if (!/json|text/.test(response.headers()['content-type'] ?? '')) return;
    response.text().then(
      (body) => {
        for (const word of body.toLowerCase().match(/[а-яё]+/g) ?? []) words.add(word);
      },
      // A body gone with its page (a redirect, a closed stream) holds nothing to read.
      () => undefined,
    );
  });
  return words;
}

/**
 * Text of the interface's own frame (headings, labels, buttons, table headers, tabs, menu
 * entries, placeholders) that holds Cyrillic. A frame may name data (a category in a tree
 * button, a component in its heading): a text all of whose Cyrillic words came from the API is
 * left to the other checks.
 */
async function russianFrame(page: Page, data: Set<string>): Promise<string[]> {
  const texts = await frameTexts(page);
  return texts.filter((text) =>
    (text.toLowerCase().match(/[а-яё]+/g) ?? []).some((word) => !data.has(word)),
  );
}

/** Text of the interface's own frame that holds Cyrillic. */
async function frameTexts(page: Page): Promise<string[]> {
  return page.evaluate((data) => {
    const frame =
      'h1, h2, h3, h4, h5, h6, label, legend, button, th, [role="columnheader"], [role="tab"], [role="menuitem"], nav a';
    const found = new Set<string>();
    const shown = (el: Element) =>
      (el as HTMLElement).offsetParent !== null || el.closest('dialog');
    for (const el of document.querySelectorAll(frame)) {
      if (el.closest(data) || !shown(el)) continue;
      const text = (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
      if (/[а-яё]/i.test(text)) found.add(text.slice(0, 80));
    }
    for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      const text = el.getAttribute('placeholder') ?? '';
      if (/[а-яё]/i.test(text)) found.add(`placeholder «${text}»`);
    }
    return [...found];
  }, DATA);
}

/** The untranslated texts and misformatted dates of the screen now shown. */
export async function englishOffences(page: Page, data: Set<string>): Promise<string[]> {
  const text = (await visibleText(page)).replaceAll('\u00a0', ' ');
  const found = new Set<string>(text.match(RAW_KEY) ?? []);
  const lines = text.split(/[\n\t]/).map((line) => normal(line).replace(/[\s:*…]+$/, ''));
  for (const line of lines) if (RUSSIAN.lines.has(line)) found.add(line);
  const flat = normal(text);
  for (const phrase of RUSSIAN.phrases) if (flat.includes(phrase)) found.add(phrase);
  for (const frame of await russianFrame(page, data)) found.add(frame);
  for (const date of [...(flat.match(RUSSIAN_DATE) ?? []), ...(flat.match(OTHER_DATE) ?? [])])
    found.add(`date ${date}`);
  return [...found];
}

/**
 * What still shows in Russian on the English console, by route: each a known gap left for later,
 * named so the walk stays useful (anything else fails it). Keep this list shrinking.
 */
export const KNOWN_EN: Record<string, readonly string[]> = {
  // The report chart catalogue is data the administrators edit, seeded with Russian titles (the
  // same words as the Russian chart names).
  '/admin/edit-reports': [
    ...['Сессии', 'Заказы', 'Выручка', 'Конверсия', 'Поиск: запросы, без результатов, исправления'],
    ...[
      'Сессии по платформам',
      'Клики в автокомплите',
      'Выручка на сессию (RPS',
      'Средний чек (AOV',
    ],
  ],
  // The demo's global component is named «Карточка товара», the Russian name of its type.
  '/anyquery/ux/global-components': ['Карточка товара'],
};
