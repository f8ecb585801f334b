import i18next from 'i18next';
import { fromPromise } from 'xstate';
import { ApiError } from '#contract/client.ts';
import {
  globalComponent,
  migrateSearchConfig,
  migrateMvtConfig,
  mvtConfig,
  parseGlobalComponent,
  parseRecommendationsBlock,
  recommendationsBlock,
  searchConfig,
  serializeGlobalComponent,
  serializeRecommendationsBlock,
  trackingConfig,
  globalConfig,
  type GlobalConfig,
  type ConfigKind,
  type ConfigVersionMeta,
  type GlobalComponent,
  type MvtConfig,
  type RecommendationsBlock,
  type SearchConfig,
  type TrackingConfig,
  unlistConfig,
} from '#contract/entities/config.ts';
import type { Job } from '#contract/entities/job.ts';
import {
  configVersionsRoute,
  deployConfigRoute,
  generateConfigRoute,
  generateStatusRoute,
  getConfigRoute,
  listGlobalComponentsRoute,
  listRecommendationBlocksRoute,
  previewConfigRoute,
  previewStatusRoute,
  saveGlobalComponentRoute,
  saveIntegrationMvtConfigRoute,
  saveMvtConfigRoute,
  saveRecommendationBlockRoute,
  saveSearchConfigRoute,
  saveTrackingConfigRoute,
  saveGlobalConfigRoute,
} from '#contract/routes/configs.ts';
import {
  conflictOf,
  type BaseMeta,
  type LoadedConfig,
  type PollJobInput,
  type SaveInput,
  type StartJobInput,
} from '#studio/machines/config.machine.ts';
import { toast } from '#src/ui/toast/toast-store.ts';
import { api, reportError } from '#src/lib/api.ts';
import { gateActors } from './gate-actors.ts';

/*
 * The host's real actors for studio/machines/config.machine.ts (STYLE.md 22):
 * `configMachine.provide(configActors({ kind, siteId, test }))`. Calls go through `api()`, so
 * the spec §8 toasts come from one place; the lifecycle's silences (409 on start, a stale save
 * the conflict dialog shows) are decided here.
 */

export interface ConfigActorsOptions {
  kind: ConfigKind;
  siteId: number;
  /** The block's configId or the component's componentId; absent for a new one (and for single configs). */
  key?: number;
  /** Integration copy (true) or production copy (false). */
  test: boolean;
  /** The config a new block or component starts from (key absent). */
  blank?: () => unknown;
}

interface Stored<T> {
  versionId: number | null;
  version: number;
  author: string | null;
  createdAt: string | null;
  config: T;
}

const baseOf = (stored: Omit<Stored<unknown>, 'config'>): BaseMeta => ({
  versionId: stored.versionId,
  version: stored.version,
  author: stored.author,
  createdAt: stored.createdAt,
});

const EMPTY_BASE: BaseMeta = { versionId: null, version: 0, author: null, createdAt: null };

/** Parses a single config of a kind into its full shape (defaults filled, old fields migrated). */
export function parseSingleConfig(kind: ConfigKind, raw: unknown): unknown {
  switch (kind) {
    case 'instant-search':
    case 'autocomplete':
    case 'search':
      return searchConfig.parse(migrateSearchConfig(raw));
    case 'tracking':
      return trackingConfig.parse(raw);
    case 'mvt':
      return mvtConfig.parse(migrateMvtConfig(raw));
    case 'global-config':
      return globalConfig.parse(raw);
    default:
      throw new Error(`${kind} is not a single config`);
  }
}

/** A save's failure: a stale base stays quiet (the conflict dialog shows it); the rest toasts. */
function reportSaveError(error: unknown): never {
  if (conflictOf(error) === null) reportError(error);
  throw error;
}

/** The id a deploy names: the key, or the one the first save assigned. */
function itemId(options: ConfigActorsOptions, config: unknown): number {
  const value = config as { configId?: number; componentId?: number } | null;
  const id = options.key ?? value?.configId ?? value?.componentId;
  if (id === undefined) throw new Error('Save the block or component before deploying it');
  return id;
}

/**
 * The production version production serves: the one the server marks live; without a production
 * bundle yet (no version says either way), the newest.
 */
export function servedVersion(
  productionVersions: readonly ConfigVersionMeta[],
): ConfigVersionMeta | undefined {
  if (productionVersions.every((v) => v.live === undefined)) return productionVersions[0];
  return productionVersions.find((v) => v.live === true);
}

export function configActors(options: ConfigActorsOptions) {
  const { kind, siteId, test } = options;
  // Query flags travel as text (z.stringbool).
  const copy = String(test);
  const t = i18next.t.bind(i18next);

  async function loadSingle(signal: AbortSignal): Promise<LoadedConfig> {
    const k = kind as
      'instant-search' | 'autocomplete' | 'search' | 'tracking' | 'mvt' | 'global-config';
    const [stored, productionVersions] = await Promise.all([
      api(getConfigRoute, { params: { id: siteId, kind: k }, query: { test: copy }, signal }),
      // Which integration version production serves: the source of the production version the
      // production bundle carries (after a rollback, manual or automatic, an older one).
      test
        ? api(
            configVersionsRoute,
            { params: { id: siteId, kind: k }, query: { test: 'false' }, signal },
            { overlay: false, quiet: true },
          ).catch(() => [])
        : Promise.resolve([]),
    ]);
    return {
      config: parseSingleConfig(kind, stored.config),
      base: baseOf(stored),
      productionSourceVersionId: servedVersion(productionVersions)?.sourceVersionId ?? null,
    };
  }

  async function loadBlock(signal: AbortSignal): Promise<LoadedConfig> {
    if (options.key === undefined) return { config: options.blank?.() ?? null, base: EMPTY_BASE };
    const answer = await api(listRecommendationBlocksRoute, {
      params: { id: siteId },
      query: { id: options.key, test: copy },
      signal,
    });
    const item = answer.data[0];
    if (!item) throw new ApiError(404, `Recommendation block ${options.key} not found`);
    const stored = unlistConfig(item);
    return { config: parseRecommendationsBlock(stored.config), base: baseOf(stored) };
  }

  async function loadComponent(signal: AbortSignal): Promise<LoadedConfig> {
    if (options.key === undefined) return { config: options.blank?.() ?? null, base: EMPTY_BASE };
    const answer = await api(listGlobalComponentsRoute, {
      params: { id: siteId },
      query: { test: copy },
      signal,
    });
    const item = answer.data.find((listed) => listed.componentId === options.key);
    if (!item) throw new ApiError(404, `Global component ${options.key} not found`);
    const stored = unlistConfig(item);
    return { config: parseGlobalComponent(stored.config), base: baseOf(stored) };
  }

  async function saveSingle({ config, baseVersionId }: SaveInput): Promise<LoadedConfig> {
    let stored: Stored<unknown>;
    if (kind === 'tracking') {
      stored = await api(
        saveTrackingConfigRoute,
        { query: { siteId, test: copy }, body: { ...(config as TrackingConfig), baseVersionId } },
        { quiet: true },
      );
    } else if (kind === 'global-config') {
      stored = await api(
        saveGlobalConfigRoute,
        { query: { siteId, test: copy }, body: { ...(config as GlobalConfig), baseVersionId } },
        { quiet: true },
      );
    } else if (kind === 'mvt') {
      stored = await api(
        test ? saveIntegrationMvtConfigRoute : saveMvtConfigRoute,
        // Spec §3: the body is the list itself, so the base version travels in the query.
        { query: { siteId, baseVersionId: baseVersionId ?? 'null' }, body: config as MvtConfig },
        { quiet: true },
      );
    } else {
      stored = await api(
        saveSearchConfigRoute,
        {
          params: { kind: kind as 'instant-search' | 'autocomplete' | 'search' },
          query: { siteId, test: copy },
          body: { ...(config as SearchConfig), baseVersionId },
        },
        { quiet: true },
      );
    }
    return { config: parseSingleConfig(kind, stored.config), base: baseOf(stored) };
  }

  /** Spec §4: a new block first gets a disabled production copy with defaults, then the test copy. */
  async function saveBlock({ config, baseVersionId }: SaveInput): Promise<LoadedConfig> {
    const block = recommendationsBlock.parse(config) as RecommendationsBlock;
    let configId = block.configId;
    if (configId === undefined) {
      const production = await api(
        saveRecommendationBlockRoute,
        {
          query: { siteId },
          body: {
            ...serializeRecommendationsBlock(
              recommendationsBlock.parse({ name: block.name, test: false }),
            ),
            baseVersionId: null,
          },
        },
        { quiet: true, successToast: false },
      );
      configId = production.config.configId;
    }
    const stored = await api(
      saveRecommendationBlockRoute,
      {
        query: { siteId },
        body: {
          ...serializeRecommendationsBlock({ ...block, configId, test }),
          baseVersionId: block.configId === undefined ? null : baseVersionId,
        },
      },
      { quiet: true },
    );
    return { config: parseRecommendationsBlock(stored.config), base: baseOf(stored) };
  }

  /** Spec §4: a new component saves the production copy first, then the integration copy. */
  async function saveComponent({ config, baseVersionId }: SaveInput): Promise<LoadedConfig> {
    const component = globalComponent.parse(config) as GlobalComponent;
    let componentId = component.componentId;
    if (componentId === undefined) {
      const production = await api(
        saveGlobalComponentRoute,
        {
          query: { siteId, test: 'false' },
          body: { ...serializeGlobalComponent(component), test: false, baseVersionId: null },
        },
        { quiet: true, successToast: false },
      );
      componentId = production.config.componentId;
    }
    const stored = await api(
      saveGlobalComponentRoute,
      {
        query: { siteId, test: copy },
        body: {
          ...serializeGlobalComponent({ ...component, componentId }),
          test,
          baseVersionId: component.componentId === undefined ? null : baseVersionId,
        },
      },
      { quiet: true },
    );
    return { config: parseGlobalComponent(stored.config), base: baseOf(stored) };
  }

  function start({ action, config }: StartJobInput, signal: AbortSignal): Promise<Job> {
    const quiet = { quiet: true, successToast: false } as const;
    if (action === 'preview') {
      return api(previewConfigRoute, { params: { kind }, query: { siteId }, signal }, quiet);
    }
    if (action === 'deploy') {
      return api(
        deployConfigRoute,
        {
          params: { kind: kind as 'recommendations-block' | 'global-component' },
          query: { siteId, id: itemId(options, config) },
          signal,
        },
        quiet,
      );
    }
    return api(
      generateConfigRoute,
      {
        params: {
          kind: kind as
            'instant-search' | 'autocomplete' | 'search' | 'tracking' | 'mvt' | 'global-config',
        },
        query: { siteId },
        signal,
      },
      quiet,
    );
  }

  const load =
    kind === 'recommendations-block'
      ? loadBlock
      : kind === 'global-component'
        ? loadComponent
        : loadSingle;
  const save =
    kind === 'recommendations-block'
      ? saveBlock
      : kind === 'global-component'
        ? saveComponent
        : saveSingle;

  return {
    actors: {
      loadConfig: fromPromise<LoadedConfig>(({ signal }) => load(signal)),
      saveConfig: fromPromise<LoadedConfig, SaveInput>(({ input }) =>
        save(input).catch(reportSaveError),
      ),
      startJob: fromPromise<Job, StartJobInput>(({ input, signal }) =>
        start(input, signal).catch((error: unknown) => {
          // Spec §8: 409 on start means already running, a silent failure.
          if (!(error instanceof ApiError && error.status === 409)) reportError(error);
          throw error;
        }),
      ),
      // Polling runs without the global overlay; a failed job answers 500 with its error.
      pollJob: fromPromise<Job, PollJobInput>(({ input, signal }) =>
        api(
          input.action === 'preview' ? previewStatusRoute : generateStatusRoute,
          { query: { siteId }, signal },
          { overlay: false },
        ),
      ),
      ...gateActors(options),
    },
    actions: {
      /** Spec §4: generating to production shows a success notice. */
      notifyPromoted: () => {
        toast.success(t('ui.toast.successTitle'), t('ui.toast.successMessage'));
      },
    },
  };
}
