import type { RecsConfigType, RecsModel } from '#contract/entities/recs.ts';
import { HttpError } from '../platform/http/http-error.ts';
import { SESSION_KNN_DEFAULTS } from './session-knn.ts';

type ConfigDef = RecsModel['configs'][number];

const entry = (
  name: string,
  type: RecsConfigType,
  defaultValue: string,
  bounds: { min?: number; max?: number; required?: boolean } = {},
): ConfigDef => ({
  name,
  type,
  defaultValue,
  required: bounds.required ?? false,
  min: bounds.min ?? null,
  max: bounds.max ?? null,
});

const windowDays = (value: number) =>
  entry('windowDays', 'INT', String(value), { min: 1, max: 730 });
const categories = entry('categories', 'LIST', '');
const fallback = entry('fallbackToPopular', 'BOOL', 'true');

/**
 * The model catalogue (GET /recs/models). `events` models are built by the RECS job from the
 * event store into item-to-item tables (or one global list); `catalog` ones from the live
 * catalog at build time; `live` ones are the three fixed SQL strategies of part 1; `session`
 * ones read the shopper's own session at request time.
 */
export const RECS_MODELS: readonly RecsModel[] = [
  {
    modelName: 'popular',
    needsProduct: false,
    source: 'live',
    configs: [categories],
  },
  { modelName: 'same_category', needsProduct: true, source: 'live', configs: [] },
  { modelName: 'similar_price', needsProduct: true, source: 'live', configs: [] },
  {
    modelName: 'popular_window',
    needsProduct: false,
    source: 'events',
    configs: [windowDays(30), entry('cartWeight', 'FLOAT', '3', { min: 0, max: 100 }), categories],
  },
  {
    modelName: 'trending',
    needsProduct: false,
    source: 'events',
    configs: [
      entry('recentDays', 'INT', '3', { min: 1, max: 60 }),
      entry('baselineDays', 'INT', '28', { min: 2, max: 365 }),
      entry('minViews', 'INT', '3', { min: 1, max: 10_000 }),
    ],
  },
  {
    // Item-KNN: cosine of the products' session vectors, session counts shrunk (build.ts).
    // Defaults chosen on a validation split of DIGINETICA's training sessions
    // (bench/diginetica-tune-item-knn.ts: P@20 37.12, MRR@20 11.92 at shrinkage 200 and support 1;
    // support 2, the former default, dropped the pairs seen once and lost five points).
    modelName: 'co_viewed',
    needsProduct: true,
    source: 'events',
    configs: [
      windowDays(90),
      entry('minSupport', 'INT', '1', { min: 1, max: 10_000 }),
      entry('shrinkage', 'FLOAT', '200', { min: 0, max: 100_000 }),
      entry('maxPerProduct', 'INT', '50', { min: 1, max: 500 }),
      fallback,
    ],
  },
  {
    modelName: 'co_bought',
    needsProduct: true,
    source: 'events',
    configs: [
      windowDays(180),
      entry('minSupport', 'INT', '1', { min: 1, max: 10_000 }),
      entry('maxPerProduct', 'INT', '50', { min: 1, max: 500 }),
      entry('orderedOnly', 'BOOL', 'true'),
      fallback,
    ],
  },
  {
    modelName: 'similar_attributes',
    needsProduct: true,
    source: 'catalog',
    configs: [
      entry('priceTolerance', 'FLOAT', '0.3', { min: 0, max: 5 }),
      entry('sameVendor', 'BOOL', 'false'),
      entry('maxPerProduct', 'INT', '30', { min: 1, max: 500 }),
      entry('weights', 'COMPLEX', '{"category":1,"vendor":0.5,"price":1}'),
    ],
  },
  {
    modelName: 'recently_viewed',
    needsProduct: false,
    source: 'session',
    configs: [entry('excludeCurrent', 'BOOL', 'true')],
  },
  {
    modelName: 'personal_session',
    needsProduct: false,
    source: 'session',
    configs: [entry('baseStrategy', 'STR', '', { required: true }), fallback],
  },
  {
    // Session kNN: the window's sessions are the built table; the shopper's session (the views
    // the call passes, else its tracked ones, then the page's product) is matched at request
    // time. Defaults chosen on a validation split of DIGINETICA's training sessions
    // (bench/diginetica-tune.ts).
    modelName: 'session_knn',
    needsProduct: false,
    source: 'events',
    configs: [
      windowDays(30),
      entry('neighbours', 'INT', String(SESSION_KNN_DEFAULTS.neighbours), { min: 1, max: 5000 }),
      entry('sampleSize', 'INT', String(SESSION_KNN_DEFAULTS.sampleSize), { min: 1, max: 100_000 }),
      entry('positionDecay', 'FLOAT', String(SESSION_KNN_DEFAULTS.positionDecay), {
        min: 0.01,
        max: 1000,
      }),
      entry('matchDecay', 'FLOAT', String(SESSION_KNN_DEFAULTS.matchDecay), {
        min: 0.01,
        max: 1000,
      }),
      entry('normalise', 'BOOL', String(SESSION_KNN_DEFAULTS.normalise)),
      entry('idfWeight', 'FLOAT', String(SESSION_KNN_DEFAULTS.idfWeight), { min: 0, max: 100 }),
      entry('reminder', 'FLOAT', String(SESSION_KNN_DEFAULTS.reminder), { min: 0, max: 100 }),
      entry('excludeCurrent', 'BOOL', 'true'),
      fallback,
    ],
  },
  {
    modelName: 'zero_result_fallback',
    needsProduct: false,
    source: 'events',
    configs: [windowDays(14), categories],
  },
];

export const MODEL_BY_NAME = new Map(RECS_MODELS.map((model) => [model.modelName, model]));

export function modelOf(name: string): RecsModel {
  const model = MODEL_BY_NAME.get(name);
  if (!model) throw new HttpError(400, `Unknown model ${name}`);
  return model;
}

/** Checks one value against its entry's type; answers it normalised (lists comma-joined). */
function normalise(def: ConfigDef, raw: string): string {
  const value = raw.trim();
  const bad = (why: string) => new HttpError(400, `Config ${def.name}: ${why}`);
  switch (def.type) {
    case 'BOOL':
      if (value !== 'true' && value !== 'false') throw bad('must be true or false');
      return value;
    case 'INT':
    case 'FLOAT': {
      const number = Number(value);
      if (value === '' || !Number.isFinite(number)) throw bad('must be a number');
      if (def.type === 'INT' && !Number.isInteger(number)) throw bad('must be a whole number');
      if (def.min !== null && number < def.min) throw bad(`must be at least ${def.min}`);
      if (def.max !== null && number > def.max) throw bad(`must be at most ${def.max}`);
      return String(number);
    }
    case 'LIST':
      return value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
        .join(',');
    case 'COMPLEX':
      try {
        return JSON.stringify(JSON.parse(value));
      } catch (error) {
        throw bad(`invalid JSON (${(error as Error).message})`);
      }
    case 'STR':
      if (value.length > 1000) throw bad('at most 1000 characters');
      return value;
  }
}

/**
 * The configs to store: each checked against the model, normalised, and only those differing
 * from the default kept. Unknown names and missing required ones answer 400.
 */
export function storedConfigs(
  model: RecsModel,
  input: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(input))
    if (!model.configs.some((def) => def.name === name))
      throw new HttpError(400, `Model ${model.modelName} has no config ${name}`);
  for (const def of model.configs) {
    const raw = input[def.name];
    const value = raw === undefined ? def.defaultValue : normalise(def, raw);
    if (def.required && value === '') throw new HttpError(400, `Config ${def.name} is required`);
    if (
      value !== normalise(def, def.defaultValue) ||
      (def.type === 'STR' && value !== def.defaultValue)
    )
      out[def.name] = value;
  }
  return out;
}

/** Every config of a model with its effective value (stored value, else the default). */
export function effectiveConfigs(model: RecsModel, stored: Record<string, string>) {
  const read = (name: string): string => {
    const def = model.configs.find((d) => d.name === name);
    return stored[name] ?? def?.defaultValue ?? '';
  };
  return {
    int: (name: string) => Number(read(name)),
    float: (name: string) => Number(read(name)),
    bool: (name: string) => read(name) === 'true',
    list: (name: string) => (read(name) === '' ? [] : read(name).split(',')),
    str: read,
    json: (name: string): unknown => JSON.parse(read(name) || 'null'),
  };
}
