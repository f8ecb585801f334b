import * as z from 'zod';
import {
  globalComponent,
  migrateSearchConfig,
  mvtConfig,
  recommendationsBlock,
  searchConfig,
  trackingConfig,
  type GlobalComponent,
  type MvtConfig,
  type RecommendationsBlock,
  type SearchConfig,
  type SingleConfigKind,
  type TrackingConfig,
} from '#contract/entities/config.ts';
import type { ApiIssue } from '#contract/errors.ts';
import { HttpError } from '../lib/http-error.ts';
import type { ConfigVersionRow } from '../repositories/configs.ts';

export type SingleConfig = SearchConfig | TrackingConfig | MvtConfig;

/** A config with its version, as the contract's storedConfig() answers it. */
export interface Stored<T> {
  versionId: number | null;
  version: number;
  test: boolean;
  author: string | null;
  createdAt: string | null;
  config: T;
}

/** Stored data → the parsed config; old search fields are migrated (spec §3). */
export function parseSingle(kind: SingleConfigKind, data: unknown): SingleConfig {
  switch (kind) {
    case 'tracking':
      return trackingConfig.parse(data);
    case 'mvt':
      return mvtConfig.parse(data);
    default:
      return searchConfig.parse(migrateSearchConfig(data));
  }
}

export const parseBlock = (row: ConfigVersionRow): RecommendationsBlock =>
  recommendationsBlock.parse({
    ...(row.data as Record<string, unknown>),
    configId: row.key,
    test: row.test,
  });

export const parseComponent = (row: ConfigVersionRow): GlobalComponent =>
  globalComponent.parse({ ...(row.data as Record<string, unknown>), componentId: row.key });

export function stored<T>(row: ConfigVersionRow, config: T): Stored<T> {
  return {
    versionId: row.id,
    version: row.version,
    test: row.test,
    author: row.author,
    createdAt: row.createdAt.toISOString(),
    config,
  };
}

export const unsaved = <T>(test: boolean, config: T): Stored<T> => ({
  versionId: null,
  version: 0,
  test,
  author: null,
  createdAt: null,
  config,
});

/**
 * Runs a parse of what arrived as JSON text (block / component wire forms): a zod failure
 * inside the text is the caller's bad input, answered 400 with the issues like any other.
 */
export function parseInput<T>(where: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof z.ZodError)) throw error;
    const issues: ApiIssue[] = error.issues.map((issue) => ({
      path: ['body', where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      code: issue.code,
      message: issue.message,
    }));
    const first = issues[0];
    throw new HttpError(
      400,
      first ? `Invalid request: ${first.path.join('.')}: ${first.message}` : 'Invalid request',
      undefined,
      { issues },
    );
  }
}
