/**
 * The tracking config's page side: the page type by URL pattern, the rules' events on a page
 * view and on clicks, and sending what is queued when the shopper leaves the page.
 */
import type { TrackedEvent } from '../runtime/events.ts';
import type { BootTracking, BootTrackingRule } from './boot-config.ts';
import { find, productOnPage } from './boot-page.ts';

export interface PageTracking {
  /** The page type of the current URL (tracking config), or PRODUCT on a product's page. */
  pageType(): string | null;
  /** A page view: PRODUCT_VIEW on a product's page, then the PAGE_VIEW and CONDITIONAL_VIEW rules. */
  pageView(): void;
  /** Stops listening to the page. */
  dispose(): void;
}

/** Listens to clicks, page hide and visibility on `doc` until disposed. */
export function bindPageTracking(
  doc: Document,
  tracking: BootTracking | null | undefined,
  track: (event: TrackedEvent) => unknown,
  flush: () => void,
): PageTracking {
  const pageType = (): string | null => {
    for (const { pageType: type, urlPattern } of tracking?.pageTypes ?? []) {
      let hit: boolean;
      try {
        hit = new RegExp(urlPattern).test(location.href);
      } catch {
        hit = location.href.includes(urlPattern);
      }
      if (urlPattern && hit) return type;
    }
    return productOnPage(doc) ? 'PRODUCT' : null;
  };
  /** A rule's event: its name is the type; product, revenue and items from the page's data attributes. */
  const ruleEvent = (rule: BootTrackingRule, element: Element | null): void => {
    const type = rule.name.trim().toUpperCase();
    const productId = productOnPage(doc, element);
    const data = (element?.closest('[data-digi-revenue]') as HTMLElement | null)?.dataset;
    if ((type === 'PRODUCT_VIEW' || type === 'ADD_TO_CART') && productId)
      track({ type, productId });
    else if (type === 'ORDER' && data)
      track({
        type,
        revenue: Number(data['digiRevenue']) || 0,
        items: Number(data['digiItems']) || 1,
      });
    else if (type === 'SESSION_START') track({ type });
  };
  const rulesFor = (trigger: BootTrackingRule['trigger']) => {
    const type = pageType();
    return (tracking?.rules ?? []).filter((r) => r.trigger === trigger && r.pageType === type);
  };
  const pageView = (): void => {
    const productId = productOnPage(doc);
    if (pageType() === 'PRODUCT' && productId) track({ type: 'PRODUCT_VIEW', productId });
    for (const rule of rulesFor('PAGE_VIEW')) ruleEvent(rule, null);
    for (const rule of rulesFor('CONDITIONAL_VIEW')) {
      const element = find<Element>(doc, rule.selector);
      try {
        if (element && (!rule.condition || rule.condition(element))) ruleEvent(rule, element);
      } catch (error) {
        console.error(`[digi] tracking rule ${rule.name} failed`, error);
      }
    }
  };
  const onClick = (event: Event): void => {
    const target = event.target instanceof Element ? event.target : null;
    for (const rule of rulesFor('CLICK')) {
      const element = rule.selector ? target?.closest(rule.selector) : null;
      if (element) ruleEvent(rule, element);
    }
  };
  const onHidden = (): void => {
    if (doc.visibilityState === 'hidden') flush();
  };
  doc.addEventListener('click', onClick, true);
  doc.defaultView?.addEventListener('pagehide', flush);
  doc.addEventListener('visibilitychange', onHidden);
  return {
    pageType,
    pageView,
    dispose() {
      doc.removeEventListener('click', onClick, true);
      doc.defaultView?.removeEventListener('pagehide', flush);
      doc.removeEventListener('visibilitychange', onHidden);
    },
  };
}
