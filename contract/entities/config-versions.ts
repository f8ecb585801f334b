/** Config versions: metadata, the stored shape, list items (spec §7), save bases and conflicts. */
import * as z from 'zod';
import { globalComponentWire } from './config-components.ts';
import { DEPLOY_KINDS } from './config-roles.ts';
import { recommendationsBlockWire } from './config-recommendations.ts';

/**
 * Spec part 1 §3 "Environments: PROD, QA": what a bundle is built for and served as, production
 * (generate, deploy, rollback) or the integration copies' preview.
 */
export const ENVIRONMENTS = ['PROD', 'QA'] as const;
export const environment = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof environment>;

/**
 * Spec part 1 §3 "Config type: INTEGRATION, PRODUCTION, DEPLOY": a version's copy, the integration
 * (test) one, or a production one promoted by generate (the one-per-site kinds) or by deploy
 * (recommendation blocks and global components, spec §4).
 */
export const CONFIG_TYPES = ['INTEGRATION', 'PRODUCTION', 'DEPLOY'] as const;
export const configType = z.enum(CONFIG_TYPES);
export type ConfigType = z.infer<typeof configType>;

export function configTypeOf(kind: string, test: boolean): ConfigType {
  if (test) return 'INTEGRATION';
  return (DEPLOY_KINDS as readonly string[]).includes(kind) ? 'DEPLOY' : 'PRODUCTION';
}

/** Who saved a version and when; `version` counts 1, 2, … per copy. */
export const configVersionMeta = z.object({
  versionId: z.number().int().positive(),
  version: z.number().int().positive(),
  test: z.boolean(),
  configType,
  author: z.string(),
  createdAt: z.string(),
  /** Production versions made by generate/deploy name the integration version they came from. */
  sourceVersionId: z.number().int().positive().nullable(),
  /**
   * Production versions in a version list: whether the bundle production serves now carries it
   * (a rollback, manual or automatic, moves this; the newest version need not be live). Absent
   * when the site has no production bundle yet, and on integration versions.
   */
  live: z.boolean().optional(),
});
export type ConfigVersionMeta = z.infer<typeof configVersionMeta>;

/** A stored config with its version; versionId null when nothing is saved yet (the defaults). */
export const storedConfig = <T extends z.ZodType>(config: T) =>
  z.object({
    versionId: z.number().int().positive().nullable(),
    version: z.number().int().min(0),
    test: z.boolean(),
    author: z.string().nullable(),
    createdAt: z.string().nullable(),
    config,
  });

/** The version fields a list item carries beside the config's own fields (spec §7). */
const listedMeta = {
  versionId: z.number().int().positive(),
  version: z.number().int().positive(),
  test: z.boolean(),
  author: z.string(),
  createdAt: z.string(),
};
export type ListedMeta = { [K in keyof typeof listedMeta]: z.infer<(typeof listedMeta)[K]> };

/**
 * Items of the config lists (spec part 1 §7: "fields componentId, template, customSettings"): the
 * config's own fields at the top level (JSON texts as they travel), its version metadata beside them.
 */
export const listedRecommendationsBlock = recommendationsBlockWire.extend(listedMeta);
export type ListedRecommendationsBlock = z.infer<typeof listedRecommendationsBlock>;
export const listedGlobalComponent = globalComponentWire.extend(listedMeta);
export type ListedGlobalComponent = z.infer<typeof listedGlobalComponent>;

/** A list item → the stored shape the console edits (`config` with its version beside it). */
export function unlistConfig<I extends ListedMeta>(
  item: I,
): ListedMeta & { config: Omit<I, 'versionId' | 'version' | 'author' | 'createdAt'> } {
  const { versionId, version, author, createdAt, ...config } = item;
  // `test` is a field of a block as well as of the version: it stays in both.
  return { versionId, version, test: item.test, author, createdAt, config };
}

/**
 * Every save names the version it was based on (null when creating); a stale base is refused with
 * 409 and the error body carries the newer version (`conflict`).
 */
export const saveMeta = { baseVersionId: z.number().int().positive().nullable() };

export const configConflict = configVersionMeta;
export type ConfigConflict = z.infer<typeof configConflict>;
