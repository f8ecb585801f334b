/**
 * What the boot reads of the merchant's page: cookies, region, consent, elements, the product,
 * where a recommendation block goes.
 */
import type { BootGlobal, BootRecommendations } from './boot-config.ts';

const CONSENT_YES = /^(1|true|yes|granted|accept(ed)?|all)$/i;
const CONSENT_NO = /^(0|false|no|denied|reject(ed)?|none|necessary)$/i;

function readCookie(doc: Document, name: string): string | null {
  let cookies: string;
  try {
    cookies = doc.cookie;
  } catch {
    return null; // a sandboxed document without allow-same-origin has no cookies
  }
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

/** The shopper's regionId by the global config, or undefined (the API's 'global'). */
export function detectRegion(doc: Document, global: BootGlobal | undefined): string | undefined {
  const { detection, source } = global?.region ?? { detection: 'none', source: '' };
  let value: string | null = null;
  if (detection === 'fixed') value = source;
  else if (detection === 'cookie' && source) value = readCookie(doc, source);
  else if (detection === 'query' && source)
    value = new URL(doc.location.href).searchParams.get(source);
  value = value?.trim() ?? '';
  return value && value.length <= 64 ? value : undefined;
}

/** Whether tracking may run before the page says anything, by the global config's mode. */
export function consentByCookie(doc: Document, global: BootGlobal | undefined): boolean {
  const consent = global?.consent;
  if (!consent || consent.mode === 'none') return true;
  const value = readCookie(doc, consent.cookie)?.trim() ?? '';
  return consent.mode === 'opt-in' ? CONSENT_YES.test(value) : !CONSENT_NO.test(value);
}

/** The origin the bundle was loaded from (the page's own when unknown). */
export function originOf(script: HTMLOrSVGScriptElement | null | undefined): string {
  const src = script && 'src' in script ? script.src : '';
  try {
    return src ? new URL(src).origin : location.origin;
  } catch {
    return location.origin;
  }
}

/** The first element `selector` matches; none for an empty or invalid selector (warned). */
export function find<T extends Element = HTMLElement>(
  doc: Document,
  selector: string | null | undefined,
): T | null {
  if (!selector) return null;
  try {
    return doc.querySelector<T>(selector);
  } catch {
    console.warn(`[digi] invalid selector ${selector}`);
    return null;
  }
}

/** The product of a page: the nearest `data-digi-product-id` around `from`, else the page's first. */
export function productOnPage(doc: Document, from?: Element | null): string | undefined {
  return (
    (
      (from?.closest('[data-digi-product-id]') ??
        doc.querySelector('[data-digi-product-id]')) as HTMLElement | null
    )?.dataset['digiProductId'] || undefined
  );
}

/**
 * Where a block mounts: the element its getWrapperContainerFunction returns, else the first
 * match of its placement; with an insertFunction, a fresh element that function puts in place.
 */
export function blockContainer(doc: Document, block: BootRecommendations): HTMLElement | null {
  const placement = find(doc, block.placement);
  let container = placement;
  try {
    const wrapper = block.getWrapperContainer?.(placement);
    if (wrapper instanceof HTMLElement) container = wrapper;
    if (container && block.insert) {
      const element = doc.createElement('div');
      element.className = 'digi-recommendations-slot';
      block.insert(element, container);
      if (!element.isConnected) return null;
      container = element;
    }
  } catch (error) {
    console.error(`[digi] block ${block.name}: placement functions failed`, error);
    return null;
  }
  return container;
}
