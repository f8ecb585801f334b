/** The boot config of the recommendation blocks, in their ordering. */
import { recommendationsBlock, type RecommendationsBlock } from '#contract/entities/config.ts';
import type {
  BootRecommendations,
  InsertFunction,
  MarginFunction,
  WrapperFunction,
} from '#storefront/entries/boot-config.ts';
import { defined, str, type CodeTable } from './code-table.ts';
import type { BundleDiagnostic, SiteBundleConfigs } from './types.ts';

/**
 * A block's strategy is its top-level `strategy`; rows saved before that field existed kept it in
 * `customSettings.strategy` (and parse to the default 'popular' at the top level).
 */
export function strategyOf(block: RecommendationsBlock): string {
  const legacy = block.customSettings['strategy'];
  return block.strategy === 'popular' && typeof legacy === 'string' && legacy.trim() !== ''
    ? legacy.trim()
    : block.strategy;
}

/** The contract's default margin is the runtime's own (two thirds of the window height). */
const DEFAULT_MARGIN = recommendationsBlock
  .parse({ name: 'x', test: false })
  .lazyLoadMarginDesktopFunction.replace(/\s+/g, '');
const ownMargin = (source: string): string | undefined =>
  source.replace(/\s+/g, '') === DEFAULT_MARGIN ? undefined : source;

export async function recommendationsOf(
  configs: SiteBundleConfigs,
  code: CodeTable,
  diagnostics: BundleDiagnostic[],
): Promise<BootRecommendations[]> {
  const recommendations: BootRecommendations[] = [];
  const blocks = configs.recommendationBlocks
    .map((entry, index) => ({ block: entry.config, index }))
    .sort((a, b) => a.block.ordering - b.block.ordering || a.index - b.index);
  for (const { block, index } of blocks) {
    const path = `recommendationBlocks[${index}]`;
    if (!block.enabledDesktop && !block.enabledMobile) continue;
    const placement = str(block.placement);
    const wrapper = await code.functionOf(
      block.getWrapperContainerFunction,
      ['placement'],
      `${path}.getWrapperContainerFunction`,
    );
    const insert = await code.functionOf(
      block.insertFunction,
      ['element', 'placement'],
      `${path}.insertFunction`,
    );
    const marginDesktop = await code.functionOf(
      ownMargin(block.lazyLoadMarginDesktopFunction),
      [],
      `${path}.lazyLoadMarginDesktopFunction`,
    );
    const marginMobile = await code.functionOf(
      ownMargin(block.lazyLoadMarginMobileFunction),
      [],
      `${path}.lazyLoadMarginMobileFunction`,
    );
    if (!placement && !wrapper) {
      diagnostics.push({
        code: 'config/selector',
        path: `${path}.placement`,
        message: 'no placement selector nor getWrapperContainerFunction: the block is left out',
        severity: 'warning',
      });
      continue;
    }
    const custom = block.customSettings;
    const parts = Object.entries(block.htmlTemplate);
    const id = String(block.configId ?? index);
    recommendations.push({
      id,
      name: block.name,
      placement: placement ?? '',
      ...(wrapper && { getWrapperContainer: wrapper as unknown as WrapperFunction }),
      ...(insert && { insert: insert as unknown as InsertFunction }),
      ...(marginDesktop && {
        lazyLoadMarginDesktop: marginDesktop as unknown as MarginFunction,
      }),
      ...(marginMobile && { lazyLoadMarginMobile: marginMobile as unknown as MarginFunction }),
      pageType: block.pageType,
      desktop: block.enabledDesktop,
      mobile: block.enabledMobile,
      templates: code.templatesOf(
        Object.fromEntries(parts.map(([part, p]) => [part, p?.html])),
        `${path}.htmlTemplate`,
      ),
      scripts: await code.scriptsOf(
        Object.fromEntries(parts.map(([part, p]) => [part, p?.script])),
        `${path}.htmlTemplate`,
      ),
      settings: defined({
        strategy: strategyOf(block) as 'popular',
        message: str(block.message),
        showUnavailable: block.showUnavailable,
        lazyLoad: block.lazyLoad,
        openProductInNewTab: custom.openProductInNewTab,
        itemsPerPageDesktop: custom.itemsPerPageDesktop,
        itemsPerPageMobile: custom.itemsPerPageMobile,
        marginViewEventDesktop: custom.marginViewEventDesktop,
        marginViewEventMobile: custom.marginViewEventMobile,
        swiperOptions: custom.swiperOptions,
        infinityListOptions: {
          ...custom.infinityListOptions,
          infiniteListMode:
            custom.widgetType === 'INFINITY_LIST' || custom.infinityListOptions.infiniteListMode,
        },
      }),
    });
  }
  return recommendations;
}
