import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { ApiError } from '#contract/client.ts';
import { configActors, servedVersion } from '#src/config-studio/config-actors.ts';
import { connectNavigation } from '#src/lib/api.ts';
import { initI18n } from '#src/lib/i18n.ts';
import { useActivityStore } from '#src/stores/activity-store.ts';
import { useToastStore } from '#src/ui/toast/toast-store.ts';
import { fakeFetch, type RecordedCall } from '#tests/helpers/fake-fetch.ts';

/** Answers calls by "METHOD path" (query ignored) and records them: the network, mocked. */
function mockNetwork(
  answers: Record<string, (call: RecordedCall) => { status: number; body: unknown }>,
) {
  const overlayDuring: number[] = [];
  const { calls } = fakeFetch((call) => {
    overlayDuring.push(useActivityStore.getState().pending);
    return answers[`${call.method} ${call.path}`]?.(call);
  });
  return { calls, overlayDuring };
}

const run = <T extends AnyActorLogic>(logic: T, input?: unknown) =>
  toPromise(createActor(logic, { input } as never).start());

const stored = (config: unknown, versionId: number | null = 7) => ({
  versionId,
  version: versionId ? 3 : 0,
  test: true,
  author: versionId ? 'designer' : null,
  createdAt: versionId ? '2026-11-21T10:00:00Z' : null,
  config,
});

const job = (state: string) => ({
  id: 'j1',
  siteId: 1,
  kind: 'preview',
  state,
  progress: 100,
  result: null,
  error: null,
  createdAt: 'x',
  finishedAt: null,
});

const toasts = () => useToastStore.getState().toasts;

beforeAll(async () => {
  await initI18n('en');
  connectNavigation({ navigate: vi.fn(), homePath: () => '/' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe('configActors: load', () => {
  it('reads the copy, fills defaults, migrates old fields and learns what production holds', async () => {
    const { calls } = mockNetwork({
      'GET /api/site/1/config/autocomplete': () => ({
        status: 200,
        body: stored({ customSettings: { verticalAutocomplete: true } }),
      }),
      'GET /api/site/1/config/autocomplete/versions': () => ({
        status: 200,
        body: [
          {
            versionId: 12,
            version: 2,
            test: false,
            author: 'x',
            createdAt: 'y',
            sourceVersionId: 5,
          },
        ],
      }),
    });
    const { actors } = configActors({ kind: 'autocomplete', siteId: 1, test: true });
    const loaded = await run(actors.loadConfig);
    expect(loaded.base).toEqual({
      versionId: 7,
      version: 3,
      author: 'designer',
      createdAt: '2026-11-21T10:00:00Z',
    });
    expect(loaded.productionSourceVersionId).toBe(5);
    const config = loaded.config as { throttle: number; customSettings: { typesAC: string[] } };
    expect(config.throttle).toBe(800);
    expect(config.customSettings.typesAC[0]).toBe('queries');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/site/1/config/autocomplete?test=true',
      '/api/site/1/config/autocomplete/versions?test=false',
    ]);
  });
});

describe('configActors: save', () => {
  it('sends the base version and toasts success', async () => {
    const { calls } = mockNetwork({
      'POST /api/config/save/search': (call) => ({
        status: 200,
        body: stored(call.body, 8),
      }),
    });
    const { actors } = configActors({ kind: 'search', siteId: 1, test: false });
    const saved = await run(actors.saveConfig, { config: { throttle: 500 }, baseVersionId: 7 });
    expect(calls[0]?.url).toBe('/api/config/save/search?siteId=1&test=false');
    expect(calls[0]?.body).toEqual({ throttle: 500, baseVersionId: 7 });
    expect(saved.base.versionId).toBe(8);
    expect(toasts()).toMatchObject([{ kind: 'success', message: 'Operation was successful!' }]);
  });

  it('a stale save rejects with the conflict and no toast; another failure toasts', async () => {
    mockNetwork({
      'POST /api/config/save/search': () => ({
        status: 409,
        body: {
          status: 409,
          message: 'stale',
          conflict: { versionId: 9, version: 4, author: 'integrator', createdAt: 'z' },
        },
      }),
      'POST /api/config/save/tracking': () => ({
        status: 500,
        body: { status: 500, message: 'boom' },
      }),
    });
    const search = configActors({ kind: 'search', siteId: 1, test: true });
    const error = await run(search.actors.saveConfig, { config: {}, baseVersionId: 7 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([]);
    const tracking = configActors({ kind: 'tracking', siteId: 1, test: true });
    await expect(run(tracking.actors.saveConfig, { config: {}, baseVersionId: 1 })).rejects.toThrow(
      'boom',
    );
    // The toast says what a 500 means in the interface language, not the server's words.
    expect(toasts()).toMatchObject([
      { kind: 'error', message: 'Status 500\nServer error. Try again later' },
    ]);
  });

  it('a new recommendation block: a disabled production copy first, then the test copy with its id', async () => {
    const { calls } = mockNetwork({
      'POST /api/config/save/recommendations-block': (call) => {
        const body = call.body as { test: boolean };
        return {
          status: 200,
          body: stored({ ...body, configId: 31 }, body.test ? 41 : 40),
        };
      },
    });
    const { actors } = configActors({ kind: 'recommendations-block', siteId: 1, test: true });
    const saved = await run(actors.saveConfig, {
      config: { name: 'Similar', test: true, enabledDesktop: true },
      baseVersionId: null,
    });
    const bodies = calls.map((call) => call.body as Record<string, unknown>);
    expect(bodies.map((body) => [body.test, body.enabledDesktop, body.configId])).toEqual([
      [false, false, undefined],
      [true, true, 31],
    ]);
    expect(typeof bodies[1]?.customSettings).toBe('string');
    expect((saved.config as { configId: number }).configId).toBe(31);
    expect(toasts()).toHaveLength(1);
  });
});

describe('configActors: other kinds', () => {
  it('a new global component: the production copy first, then the integration copy under its id', async () => {
    const { calls } = mockNetwork({
      'POST /api/config/save/global-component': (call) => {
        const body = call.body as { test: boolean };
        return { status: 200, body: stored({ ...body, componentId: 55 }, body.test ? 61 : 60) };
      },
    });
    const { actors } = configActors({ kind: 'global-component', siteId: 1, test: true });
    const saved = await run(actors.saveConfig, {
      config: { name: 'Карточка', type: 'PRODUCT' },
      baseVersionId: null,
    });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/config/save/global-component?siteId=1&test=false',
      '/api/config/save/global-component?siteId=1&test=true',
    ]);
    const bodies = calls.map((call) => call.body as Record<string, unknown>);
    expect(bodies.map((body) => [body.test, body.componentId])).toEqual([
      [false, undefined],
      [true, 55],
    ]);
    expect(typeof bodies[1]?.template).toBe('string');
    expect((saved.config as { componentId: number }).componentId).toBe(55);
  });

  it('MVT saves go to the integration or the production route by copy; tracking keeps test', async () => {
    const { calls } = mockNetwork({
      'POST /api/config/save/integration/mvt': (call) => ({ status: 200, body: stored(call.body) }),
      'POST /api/config/save/mvt': (call) => ({ status: 200, body: stored(call.body) }),
      'POST /api/config/save/tracking': (call) => ({ status: 200, body: stored(call.body) }),
    });
    const body = { config: [], baseVersionId: 3 };
    await run(configActors({ kind: 'mvt', siteId: 1, test: true }).actors.saveConfig, body);
    await run(configActors({ kind: 'mvt', siteId: 1, test: false }).actors.saveConfig, body);
    await run(configActors({ kind: 'tracking', siteId: 1, test: false }).actors.saveConfig, {
      config: {},
      baseVersionId: 3,
    });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/config/save/integration/mvt?siteId=1&baseVersionId=3',
      '/api/config/save/mvt?siteId=1&baseVersionId=3',
      '/api/config/save/tracking?siteId=1&test=false',
    ]);
  });

  it('a block that is not there is a 404, not an empty editor', async () => {
    mockNetwork({
      'GET /api/site/1/config/recommendations-block': () => ({ status: 200, body: { data: [] } }),
    });
    const { actors } = configActors({
      kind: 'recommendations-block',
      siteId: 1,
      key: 9,
      test: true,
    });
    await expect(run(actors.loadConfig)).rejects.toMatchObject({ status: 404 });
  });
});

describe('configActors: jobs', () => {
  it('409 on start is silent; another failure toasts', async () => {
    mockNetwork({
      'POST /api/config/preview/autocomplete': () => ({
        status: 409,
        body: { status: 409, message: 'already running' },
      }),
      'POST /api/config/generate/autocomplete': () => ({
        status: 500,
        body: { status: 500, message: 'no slot' },
      }),
    });
    const { actors } = configActors({ kind: 'autocomplete', siteId: 1, test: true });
    await expect(run(actors.startJob, { action: 'preview', config: {} })).rejects.toMatchObject({
      status: 409,
    });
    expect(toasts()).toEqual([]);
    await expect(run(actors.startJob, { action: 'generate', config: {} })).rejects.toThrow(
      'no slot',
    );
    expect(toasts()).toHaveLength(1);
  });

  it('starts without a success toast; deploy names the block; polls without the overlay', async () => {
    const { calls, overlayDuring } = mockNetwork({
      'POST /api/config/deploy/recommendations-block': () => ({ status: 200, body: job('queued') }),
      'GET /api/config/generate/status': () => ({ status: 202, body: job('running') }),
    });
    const { actors } = configActors({ kind: 'recommendations-block', siteId: 1, test: true });
    await run(actors.startJob, { action: 'deploy', config: { configId: 31 } });
    const polled = await run(actors.pollJob, { action: 'deploy', job: job('queued') });
    expect(polled.state).toBe('running');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/config/deploy/recommendations-block?siteId=1&id=31',
      '/api/config/generate/status?siteId=1',
    ]);
    expect(overlayDuring[1]).toBe(0);
    expect(toasts()).toEqual([]);
  });

  it('generating to production shows the success notice', () => {
    const { actions } = configActors({ kind: 'search', siteId: 1, test: true });
    actions.notifyPromoted();
    expect(toasts()).toMatchObject([
      { kind: 'success', title: 'SUCCESS', message: 'Operation was successful!' },
    ]);
  });
});

describe('servedVersion: which production version the toolbar calls live', () => {
  const meta = (versionId: number, sourceVersionId: number, live?: boolean) => ({
    versionId,
    version: versionId,
    test: false,
    configType: 'PRODUCTION' as const,
    author: 'x',
    createdAt: 'y',
    sourceVersionId,
    ...(live === undefined ? {} : { live }),
  });

  it('after a rollback the live one, not the newest', () => {
    expect(servedVersion([meta(12, 6, false), meta(11, 5, true)])?.sourceVersionId).toBe(5);
  });

  it('none live (production serves a bundle without this config): none', () => {
    expect(servedVersion([meta(12, 6, false), meta(11, 5, false)])).toBeUndefined();
  });

  it('no production bundle yet (the server says nothing): the newest', () => {
    expect(servedVersion([meta(12, 6), meta(11, 5)])?.versionId).toBe(12);
    expect(servedVersion([])).toBeUndefined();
  });
});
