/**
 * `boot(config)` of a site's generated storefront bundle (server/publishing/bundle/build-bundle.ts):
 * mounts the widgets the site's configs describe where their selectors point on the merchant's
 * page. The bundle ends with `digi.site = digi.boot({...}, document.currentScript)`, templates
 * already precompiled. The widgets come in through `createBoot`, so that the search-only entry
 * (boot-search.ts) ships without the recommendation block and Swiper.
 */
import { detectPlatform } from '../runtime/platform.ts';
import { setPriceFormat } from '../runtime/format.ts';
import { setPictureBase } from '../runtime/product-view.ts';
import { createErrorReporter, loadedBundle, type ReportedWidget } from '../runtime/error-report.ts';
import { trackingIdentity } from '../runtime/identity.ts';
import { createEventTracker, type TrackedEvent } from '../runtime/events.ts';
import { bindSearchRouter, readRoute } from '../runtime/search-router.ts';
import type { SearchResponse } from '#contract/public/search.ts';
import type { RecommendationsWidget } from '../widgets/recommendations/recommendations.ts';
import type {
  BootConfig,
  BootedSite,
  BootMounts,
  BootRecommendations,
  BootWidgetBase,
} from './boot-config.ts';
import {
  blockContainer,
  consentByCookie,
  detectRegion,
  find,
  originOf,
  productOnPage,
} from './boot-page.ts';
import { bootHooks, scriptHook, visitorGroups } from './boot-scripts.ts';
import { createBootSource } from './boot-source.ts';
import { bindPageTracking } from './boot-tracking.ts';

/**
 * Mounts the site's widgets on the current page from `config`: the autocomplete on
 * `selectors.input` (its panel in `selectors.appendElem`, else the input's parent), the instant
 * search in `selectors.container` (typing in `selectors.input` if given; the query from the
 * `st` URL parameter), each recommendation block in the first element its `placement` selector
 * matches, or where its placement functions say (product from the nearest `data-digi-product-id`).
 * A widget whose element is missing is skipped with a console warning; one disabled for this
 * viewport or by the visitor's MVT group is skipped silently. See server/publishing/bundle/README.md.
 */
export function createBoot(mounts: BootMounts) {
  return (config: BootConfig, script?: HTMLOrSVGScriptElement | null): BootedSite =>
    bootWith(mounts, config, script);
}

function bootWith(
  mounts: BootMounts,
  config: BootConfig,
  script?: HTMLOrSVGScriptElement | null,
): BootedSite {
  const doc = document;
  const {
    mountAutocomplete,
    mountInstantSearch,
    mountProductCard,
    mountRecommendations,
    mountSlider,
    mountCartButton,
    mountFavoriteButton,
  } = mounts;
  const baseUrl = config.apiBaseUrl || originOf(script);
  const global = config.global;
  setPriceFormat(
    global
      ? {
          locale: global.locale,
          currency: global.currency,
          decimals: global.priceDecimals,
          currencyDisplay: global.currencyDisplay,
        }
      : null,
  );
  setPictureBase(global?.pictureBaseUrl ?? '');
  let consented = consentByCookie(doc, global);
  // The mobile app's searches say so: they sort and are regionalised by its own settings.
  const platform = detectPlatform(doc.defaultView, config.mobileBreakpoint ?? 768);
  // widget render errors go to /public/errors: the automatic rollback watches them
  const reportError = createErrorReporter({
    baseUrl,
    apiKey: config.apiKey,
    bundle: loadedBundle(doc.defaultView),
  });
  const onErrorOf = (widget: ReportedWidget) => ({
    onError(part: string, error: unknown) {
      console.error(`[digi] ${widget}: part "${part}" failed to render`, error);
      reportError(widget, part, error);
    },
  });
  const tracking = config.tracking;
  const events = createEventTracker({
    baseUrl,
    apiKey: config.apiKey,
    platform,
    sessionId: () => trackingIdentity(doc).sessionId,
    consent: tracking?.enabled !== false && consented,
  });
  const track = (event: TrackedEvent): string | null => events.track(event);
  const { source, lastQuery } = createBootSource({
    baseUrl,
    apiKey: config.apiKey,
    regionId: detectRegion(doc, global),
    platform,
    consented: () => consented,
    track,
  });
  const page = bindPageTracking(doc, tracking, track, () => void events.flush(true));
  const widgets: BootedSite['widgets'] = {
    autocomplete: null,
    instantSearch: null,
    recommendations: {},
  };
  const disposers: Array<() => void> = [() => page.dispose()];
  const visitor = config.mvt?.length ? trackingIdentity(doc).userGUID : '';
  const { names: mvtGroups, acts } = visitorGroups(config, visitor);
  const hooks = bootHooks(config.hooks ?? []);
  hooks.call('init', config);
  const isMobile = (): boolean =>
    (doc.defaultView?.innerWidth ?? 1024) < (config.mobileBreakpoint ?? 768);
  const wanted = (w: BootWidgetBase): boolean => (isMobile() ? w.mobile : w.desktop);

  /** Mounts a recommendation block in `container` (its product: the nearest one on the page). */
  function mountBlock(block: BootRecommendations, container: HTMLElement): RecommendationsWidget {
    const productId = productOnPage(doc, container);
    const margin = isMobile() ? block.lazyLoadMarginMobile : block.lazyLoadMarginDesktop;
    return mountRecommendations!(container, {
      ...block.settings,
      source,
      templates: block.templates,
      ...scriptHook(block.scripts, container, (part, error) =>
        reportError('recommendations', part, error),
      ),
      ...onErrorOf('recommendations'),
      mobile: isMobile(),
      ...(margin && { lazyLoadMargin: margin }),
      mvtGroups,
      blockId: block.id,
      ...(productId && { productId }),
      sessionId: trackingIdentity(doc).sessionId,
      ...(block.placement && { placement: block.placement }),
    });
  }

  function mountAll(): void {
    const is = acts('DISABLE_IS') ? null : config.instantSearch;
    if (is && wanted(is)) {
      const container = find(doc, is.selectors.container);
      if (!container) console.warn(`[digi] instant search: no element ${is.selectors.container}`);
      else {
        const input = find<HTMLInputElement>(doc, is.selectors.input);
        const query = new URLSearchParams(location.search).get(is.queryParam ?? 'st');
        const { filters, sort, page } = readRoute(location.search, is.queryParam);
        const zeroBlock = config.recommendations.find(
          (block) => block.placement === is.recommendationsOnZero && wanted(block),
        );
        const zero = is.zeroSearch;
        widgets.instantSearch = mountInstantSearch(container, {
          ...is.settings,
          ...(acts('DISABLE_CATEGORY_PREDICTION') && { useCategoryPrediction: false }),
          ...(!is.disableRouter && { initialState: { filters, sort, page } }),
          ...(zeroBlock &&
            mountRecommendations && {
              zeroResults(element: HTMLElement) {
                const block = mountBlock(zeroBlock, element);
                return () => block.dispose();
              },
            }),
          ...(zero && {
            isZero(response: SearchResponse, typed: string) {
              try {
                return Boolean(zero.run(response, typed));
              } catch (error) {
                if (!zero.silent) console.error('[digi] zeroSearchPredicate failed', error);
                return false;
              }
            },
          }),
          source,
          templates: is.templates,
          ...onErrorOf('instantSearch'),
          ...hooks.afterRender('instantSearch', container),
          onOpen(product, position) {
            const query = lastQuery() || (input?.value.trim() ?? '');
            track({
              type: 'PRODUCT_CLICK',
              source: 'SEARCH',
              productId: product.id,
              position,
              ...(query && { query: query.slice(0, 256) }),
            });
          },
          onBuy(product) {
            track({ type: 'ADD_TO_CART', productId: product.id });
            container.dispatchEvent(
              new CustomEvent('digi:add-to-cart', { bubbles: true, detail: { product } }),
            );
          },
          mobile: isMobile(),
          ...(input && { input }),
          ...(query !== null && { initialQuery: query }),
        });
        const mounted = widgets.instantSearch;
        disposers.push(() => mounted.dispose());
        if (!is.disableRouter && doc.defaultView)
          disposers.push(
            bindSearchRouter(mounted.connector, doc.defaultView, {
              inputs: [
                input,
                mounted.element.querySelector<HTMLInputElement>('[data-digi-action="is-query"]'),
              ],
              queryParam: is.queryParam,
              infinite: is.settings.isInfinite,
            }),
          );
      }
    }
    const ac = acts('DISABLE_AUTOCOMPLETE', 'DISABLE_AUTOCOMPLETE_AND_AQ')
      ? null
      : config.autocomplete;
    if (ac && wanted(ac)) {
      const input = find<HTMLInputElement>(doc, ac.selectors.input);
      if (!input) console.warn(`[digi] autocomplete: no input ${ac.selectors.input}`);
      else {
        const host = find(doc, ac.selectors.appendElem) ?? input.parentElement ?? doc.body;
        const widget = mountAutocomplete(host, {
          ...ac.settings,
          source,
          input,
          templates: ac.templates,
          ...onErrorOf('autocomplete'),
          ...hooks.afterRender('autocomplete', host),
          onChoose(intent) {
            track({
              type: 'AUTOCOMPLETE_CLICK',
              block: intent.type === 'open' ? 'PRODUCTS' : 'QUERIES',
              ...(input.value.trim() && { query: input.value.trim().slice(0, 256) }),
            });
            if (intent.type === 'open' && intent.productId)
              track({
                type: 'PRODUCT_CLICK',
                source: 'AUTOCOMPLETE',
                productId: intent.productId,
                position: intent.position ?? 0,
                ...(input.value.trim() && { query: input.value.trim().slice(0, 256) }),
              });
            if (intent.type === 'open') location.assign(intent.url);
            else if (widgets.instantSearch) widgets.instantSearch.connector.submit(intent.query);
            else location.assign(widget.connector.searchUrl(intent.query));
          },
        });
        widgets.autocomplete = widget;
        disposers.push(() => widget.dispose());
        // the site's own search button runs the typed query; its open button focuses the input
        const submit = find(doc, ac.selectors.submit);
        const onSubmit = (event: Event): void => {
          const query = input.value.trim();
          if (query === '') return;
          event.preventDefault();
          if (widgets.instantSearch) widgets.instantSearch.connector.submit(query);
          else location.assign(widget.connector.searchUrl(query));
        };
        submit?.addEventListener('click', onSubmit);
        const open = find(doc, ac.selectors.openButton);
        const onOpen = (): void => input.focus();
        open?.addEventListener('click', onOpen);
        disposers.push(() => {
          submit?.removeEventListener('click', onSubmit);
          open?.removeEventListener('click', onOpen);
        });
      }
    }
    for (const block of config.recommendations) {
      if (!wanted(block)) continue;
      if (!mountRecommendations) {
        console.warn('[digi] this bundle carries no recommendation blocks');
        break;
      }
      const container = blockContainer(doc, block);
      if (!container) continue; // blocks target page types; most pages lack most placements
      const widget = mountBlock(block, container);
      widgets.recommendations[block.id] = widget;
      disposers.push(() => widget.dispose());
    }
  }

  const ready = new Promise<void>((resolve) => {
    const run = (): void => {
      try {
        mountAll();
      } catch (error) {
        console.error('[digi] boot failed', error);
      }
      hooks.call('afterMount', { widgets });
      page.pageView();
      resolve();
    };
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', run, { once: true });
    else run();
  });

  return {
    config,
    source,
    mvtGroups,
    widgets,
    ready,
    hooks: hooks.named,
    mountComponent(name, container, options) {
      const component = config.components.find((c) => c.name === name || c.id === name);
      if (!component) {
        console.warn(`[digi] no global component ${name}`);
        return null;
      }
      const common = {
        ...component.settings,
        ...scriptHook(component.scripts, container, (part, error) =>
          reportError('component', part, error),
        ),
        ...onErrorOf('component'),
        ...options,
        templates: component.templates,
      };
      const missing = (): null => {
        console.warn(`[digi] this bundle cannot mount ${component.type} components`);
        return null;
      };
      switch (component.type) {
        case 'PRODUCT':
          return mountProductCard(container, {
            layout: component.layout,
            ...(common as unknown as Parameters<typeof mountProductCard>[1]),
          });
        case 'SLIDER':
          return mountSlider
            ? mountSlider(container, {
                layout: component.layout,
                ...(common as unknown as Parameters<typeof mountSlider>[1]),
              })
            : missing();
        case 'CART_BUTTON':
          return mountCartButton
            ? mountCartButton(container, common as unknown as Parameters<typeof mountCartButton>[1])
            : missing();
        case 'FAVORITE_BUTTON':
          return mountFavoriteButton
            ? mountFavoriteButton(
                container,
                common as unknown as Parameters<typeof mountFavoriteButton>[1],
              )
            : missing();
      }
    },
    track,
    pageView: page.pageView,
    pageType: page.pageType,
    consent: (granted) => {
      consented = granted;
      events.consent(granted);
    },
    events,
    dispose() {
      void events.flush(true);
      for (const dispose of disposers.splice(0)) dispose();
      widgets.autocomplete = null;
      widgets.instantSearch = null;
      widgets.recommendations = {};
    },
  };
}
