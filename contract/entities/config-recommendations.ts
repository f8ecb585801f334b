/** Recommendation blocks (spec §3; defaults §9): the edited shape and the wire shape with JSON texts. */
import * as z from 'zod';
import {
  cssSelector,
  script,
  template,
  scss,
  PAGE_TYPES,
  WIDGET_TYPES,
  parseJsonObject,
} from './config-fields.ts';

const breakpoint = (slidesPerView: number) =>
  z
    .object({
      slidesPerView: z.number().min(1).max(20).default(slidesPerView),
      slidesPerGroup: z.number().int().min(1).max(20).default(1),
      spaceBetween: z.number().min(0).max(200).default(16),
      speed: z.number().int().min(0).max(10_000).default(300),
    })
    .default({ slidesPerView, slidesPerGroup: 1, spaceBetween: 16, speed: 300 });

export const swiperOptions = z.object({
  swiperEnabled: z.boolean().default(true),
  swiperPaginationEnabled: z.boolean().default(false),
  categoryFilterEnabled: z.boolean().default(false),
  slidesForSwipeDesktop: z.number().int().min(1).max(20).default(1),
  slidesForSwipeMobile: z.number().int().min(1).max(20).default(1),
  gapDesktop: z.number().min(0).max(200).default(16),
  gapMobile: z.number().min(0).max(200).default(8),
  loop: z.boolean().default(false),
  rewind: z.boolean().default(false),
  loopAddBlankSlides: z.boolean().default(false),
  simulateTouchDesktop: z.boolean().default(true),
  speedDesktop: z.number().int().min(0).max(10_000).default(300),
  speedMobile: z.number().int().min(0).max(10_000).default(300),
  dynamicBulletsDesktop: z.boolean().default(false),
  dynamicBulletsMobile: z.boolean().default(false),
  arrowsCenterImg: z.boolean().default(false),
  breakpoints: z
    .object({
      phones: breakpoint(2),
      tablets: breakpoint(3),
      laptops: breakpoint(4),
      monitors: breakpoint(4),
      tv: breakpoint(5),
    })
    .default({
      phones: { slidesPerView: 2, slidesPerGroup: 1, spaceBetween: 16, speed: 300 },
      tablets: { slidesPerView: 3, slidesPerGroup: 1, spaceBetween: 16, speed: 300 },
      laptops: { slidesPerView: 4, slidesPerGroup: 1, spaceBetween: 16, speed: 300 },
      monitors: { slidesPerView: 4, slidesPerGroup: 1, spaceBetween: 16, speed: 300 },
      tv: { slidesPerView: 5, slidesPerGroup: 1, spaceBetween: 16, speed: 300 },
    }),
});

export const infinityListOptions = z.object({
  stepCountPageDesktop: z.number().int().min(1).max(100).default(8),
  stepCountPageMobile: z.number().int().min(1).max(100).default(4),
  infiniteListMode: z.boolean().default(false),
});

export const recsCustomSettings = z
  .object({
    /** Position of the block among the site's blocks (moved here from the block on save). */
    ordering: z.number().int().min(0).default(0),
    openProductInNewTab: z.boolean().default(false),
    itemsPerPageDesktop: z.number().int().min(1).max(100).default(20),
    itemsPerPageMobile: z.number().int().min(1).max(100).default(10),
    marginViewEventDesktop: z.number().int().min(0).max(10_000).default(0),
    marginViewEventMobile: z.number().int().min(0).max(10_000).default(0),
    widgetType: z.enum(WIDGET_TYPES).default('SWIPER'),
    swiperOptions: swiperOptions.default(swiperOptions.parse({})),
    infinityListOptions: infinityListOptions.default(infinityListOptions.parse({})),
  })
  .catchall(z.unknown());

export const RECS_TEMPLATE_PARTS = [
  'common',
  'swiper',
  'infinityList',
  'infinityListModal',
  'productItem',
] as const;
export const recsTemplatePart = z.enum(RECS_TEMPLATE_PARTS);
export type RecsTemplatePart = z.infer<typeof recsTemplatePart>;

/** Each part: Handlebars source ('' = the default) and an optional script run after it renders. */
export const templatePart = z.object({ html: template.default(''), script: script.default('') });
export const recsHtmlTemplate = z.partialRecord(recsTemplatePart, templatePart);

/** A recommendation block with customSettings and htmlTemplate parsed (what the console edits). */
export const recommendationsBlock = z.object({
  /** Absent until the first save assigns one. */
  configId: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(200),
  ordering: z.number().int().min(0).default(0),
  test: z.boolean(),
  /** Strategy producing the products (storefront `strategy`); not in the spec's field list. */
  strategy: z.string().trim().min(1).max(200).default('popular'),
  placement: cssSelector.default(''),
  oldPlacement: cssSelector.default(''),
  pageType: z.enum(PAGE_TYPES).default('PRODUCT'),
  enabledDesktop: z.boolean().default(false),
  enabledMobile: z.boolean().default(false),
  showUnavailable: z.boolean().default(false),
  insertFunction: script.default(''),
  getWrapperContainerFunction: script.default(''),
  lazyLoad: z.boolean().default(true),
  /** Spec §9: two thirds of the window height. */
  lazyLoadMarginDesktopFunction: script.default('return window.innerHeight * 2 / 3;'),
  lazyLoadMarginMobileFunction: script.default('return window.innerHeight * 2 / 3;'),
  useRegions: z.boolean().default(false),
  message: z.string().max(500).default(''),
  css: scss.default(''),
  customSettings: recsCustomSettings.default(recsCustomSettings.parse({})),
  htmlTemplate: recsHtmlTemplate.default({}),
});
export type RecommendationsBlock = z.infer<typeof recommendationsBlock>;
export type RecommendationsBlockInput = z.input<typeof recommendationsBlock>;

/** The block as it travels (spec §3): customSettings and htmlTemplate are JSON text. */
export const recommendationsBlockWire = recommendationsBlock.extend({
  customSettings: z.string().max(1_000_000),
  htmlTemplate: z.string().max(2_000_000),
});
export type RecommendationsBlockWire = z.infer<typeof recommendationsBlockWire>;

/** On load: parse the JSON texts; ordering comes from customSettings. */
export function parseRecommendationsBlock(wire: RecommendationsBlockWire): RecommendationsBlock {
  const customSettings = parseJsonObject(wire.customSettings);
  return recommendationsBlock.parse({
    ...wire,
    ordering: typeof customSettings.ordering === 'number' ? customSettings.ordering : wire.ordering,
    customSettings,
    htmlTemplate: parseJsonObject(wire.htmlTemplate),
  });
}

/** On save: ordering moves into customSettings, and both objects become JSON text again. */
export function serializeRecommendationsBlock(
  block: RecommendationsBlock,
): RecommendationsBlockWire {
  return {
    ...block,
    customSettings: JSON.stringify({ ...block.customSettings, ordering: block.ordering }),
    htmlTemplate: JSON.stringify(block.htmlTemplate),
  };
}
