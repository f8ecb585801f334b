import * as z from 'zod';
import {
  globalComponent,
  migrateSearchConfig,
  migrateMvtConfig,
  mvtConfig,
  parseGlobalComponent,
  parseRecommendationsBlock,
  recommendationsBlock,
  searchConfig,
  trackingConfig,
  globalConfig,
  type GlobalConfig,
  type GlobalComponent,
  type GlobalComponentWire,
  type ListedMeta,
  type MvtConfig,
  type RecommendationsBlock,
  type RecommendationsBlockWire,
  type SearchConfig,
  type SingleConfigKind,
  type TrackingConfig,
} from '#contract/entities/config.ts';
import type { ApiIssue } from '#contract/errors.ts';
import { HttpError } from '../platform/http/http-error.ts';
import type { ConfigVersionRow } from './repository.ts';

export type SingleConfig = SearchConfig | TrackingConfig | MvtConfig | GlobalConfig;

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
      return mvtConfig.parse(migrateMvtConfig(data));
    case 'global-config':
      return globalConfig.parse(data);
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

/** A list item (spec §7): the config's fields at the top level, the version's beside them. */
export function listed<T extends object>(row: ConfigVersionRow, wire: T): T & ListedMeta {
  return {
    ...wire,
    versionId: row.id,
    version: row.version,
    test: row.test,
    author: row.author,
    createdAt: row.createdAt.toISOString(),
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

/** A zod failure while parsing a body → 400 with the issues under `body` (paths from the config root). */
function parseInput<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof z.ZodError)) throw error;
    throw invalidInput(
      error.issues.map((issue) => ({
        path: ['body', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
        code: issue.code,
        message: issue.message,
      })),
    );
  }
}

function invalidInput(issues: ApiIssue[]): HttpError {
  const first = issues[0];
  return new HttpError(
    400,
    first ? `Invalid request: ${first.path.join('.')}: ${first.message}` : 'Invalid request',
    undefined,
    { issues },
  );
}

/**
 * JSON text sent on save must hold an object. Loading forgives a parse failure (spec §8: empty
 * object), a save does not: the user's text would silently become defaults. Blank text is an
 * empty object (nothing typed, nothing lost).
 */
function jsonObjectIssue(field: string, text: string): ApiIssue | null {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { path: ['body', field], code: 'invalid_json', message: `Not valid JSON: ${reason}` };
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return null;
  return {
    path: ['body', field],
    code: 'invalid_type',
    message: `Expected a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`,
  };
}

function assertJsonObjects(fields: Record<string, string>): void {
  const issues = Object.entries(fields).flatMap(([field, text]) => {
    const issue = jsonObjectIssue(field, text);
    return issue ? [issue] : [];
  });
  if (issues.length) throw invalidInput(issues);
}

/** A block as saved: its JSON texts must be objects, their contents valid (else 400). */
export function parseBlockInput(wire: RecommendationsBlockWire): RecommendationsBlock {
  assertJsonObjects({ customSettings: wire.customSettings, htmlTemplate: wire.htmlTemplate });
  return parseInput(() => parseRecommendationsBlock(wire));
}

/** A component as saved: its JSON texts must be objects, their contents valid (else 400). */
export function parseComponentInput(wire: GlobalComponentWire): GlobalComponent {
  assertJsonObjects({ template: wire.template, customSettings: wire.customSettings });
  return parseInput(() => parseGlobalComponent(wire));
}
