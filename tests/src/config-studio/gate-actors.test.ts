import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { gateActors } from '#src/config-studio/gate-actors.ts';
import { connectNavigation } from '#src/lib/api.ts';
import { initI18n } from '#src/lib/i18n.ts';
import { fakeFetch } from '#tests/helpers/fake-fetch.ts';

const run = <T extends AnyActorLogic>(logic: T, input: unknown) =>
  toPromise(createActor(logic, { input } as never).start());

beforeAll(async () => {
  await initI18n('en');
  connectNavigation({ navigate: vi.fn(), homePath: () => '/' });
});
afterEach(() => vi.unstubAllGlobals());

it('starts the check of a block by its id, of a single config without one; reads and accepts a run', async () => {
  const run41 = { id: 41, state: 'changed' };
  const { calls } = fakeFetch(({ method, path }) => {
    if (method === 'POST' && path.startsWith('/api/config/gate/run/41/accept'))
      return { status: 200, body: { ...run41, state: 'accepted' } };
    if (method === 'POST' && path.startsWith('/api/config/gate/'))
      return { status: 202, body: { enabled: true, run: run41 } };
    if (method === 'GET' && path === '/api/config/gate/run/41') return { status: 200, body: run41 };
    return undefined;
  });
  const block = gateActors({ kind: 'recommendations-block', siteId: 3 });
  await run(block.startGate, { config: { configId: 12, name: 'Хиты' } });
  const search = gateActors({ kind: 'search', siteId: 3 });
  await run(search.startGate, { config: { configId: 99 } });
  expect(await run(search.pollGate, { run: run41 })).toEqual(run41);
  expect(await run(search.acceptGate, { run: run41 })).toMatchObject({ state: 'accepted' });
  expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
    'POST /api/config/gate/recommendations-block?siteId=3&id=12',
    'POST /api/config/gate/search?siteId=3',
    'GET /api/config/gate/run/41?siteId=3',
    'POST /api/config/gate/run/41/accept?siteId=3',
  ]);
});
