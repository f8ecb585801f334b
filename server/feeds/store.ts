import type { Db } from '../platform/db/client.ts';
import { createParsingConfigStore } from './parsing-config-store.ts';
import { createFeedRuleStore } from './rule-store.ts';
import { createFeedSettingsStore } from './settings-store.ts';
import { createFeedUrlStore } from './url-store.ts';

export { SETTINGS, type SettingsKind, type SettingsOf } from './settings-store.ts';

/**
 * The feed configuration of a site: settings per type (settings-store.ts), URLs per type and
 * region and imshop regions (url-store.ts), rules and attributes (rule-store.ts), parsing
 * configs (parsing-config-store.ts). Writes are audited in their transaction.
 */
export function createFeedStore(db: Db) {
  return {
    ...createFeedSettingsStore(db),
    ...createFeedUrlStore(db),
    ...createFeedRuleStore(db),
    ...createParsingConfigStore(db),
  };
}

export type FeedStore = ReturnType<typeof createFeedStore>;
