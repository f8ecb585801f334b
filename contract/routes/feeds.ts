/**
 * The feed calls of spec part 2 §7 "Feed and feed config": who may call them (feeds-access.ts),
 * the loads and settings of each feed type (feeds-loading.ts), and the feed configuration:
 * regions, URLs, rules, attributes, parsing (feeds-config.ts).
 */
export {
  FEED_CONFIG_ROLES,
  FEED_SETTINGS_ROLES,
  FEED_START_ROLES,
  FEED_VIEW_ROLES,
  REGION_ROLES,
} from './feeds-access.ts';
export * from './feeds-loading.ts';
export * from './feeds-config.ts';
