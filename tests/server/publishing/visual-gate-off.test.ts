/**
 * The visual gate's parts that drive no Chromium: the pixel comparison, and the gate switched off
 * or unable to start a browser (tests/server/publishing/visual-gate.test.ts renders, in the gate project).
 */
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { startGateRoute } from '#contract/routes/visual-gate.ts';
import { comparePngs } from '#server/publishing/visual-gate/compare.ts';
import { DATABASES, startTestServer, type TestClient } from '#tests/helpers/server.ts';

/** The demo site: instant search, autocomplete, a block and a component, generated. */
const SITE = 1;

const xsrf = (client: TestClient) => ({ 'x-xsrf-token': client.cookies.get('XSRF-TOKEN')! });

function solid(width: number, height: number, rgb: [number, number, number]): PNG {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i += 1) {
    png.data[i * 4] = rgb[0];
    png.data[i * 4 + 1] = rgb[1];
    png.data[i * 4 + 2] = rgb[2];
    png.data[i * 4 + 3] = 255;
  }
  return png;
}

describe('pixel comparison', () => {
  it('counts a single pixel whose colour changed by one unit, and nothing in identical images', () => {
    const base = solid(40, 30, [91, 63, 214]);
    const changed = solid(40, 30, [91, 63, 214]);
    changed.data[(12 * 40 + 7) * 4 + 2] = 213;
    const same = comparePngs(PNG.sync.write(base), PNG.sync.write(base));
    expect(same).toMatchObject({ changedPixels: 0, totalPixels: 1200, share: 0 });
    const one = comparePngs(PNG.sync.write(base), PNG.sync.write(changed));
    expect(one.changedPixels).toBe(1);
    expect(one.share).toBeCloseTo(1 / 1200);
    // The difference image marks exactly that pixel in the highlight colour.
    const diff = PNG.sync.read(one.diff);
    expect([...diff.data.subarray((12 * 40 + 7) * 4, (12 * 40 + 7) * 4 + 3)]).toEqual([230, 0, 40]);
  });

  it('compares images of different heights over the taller one', () => {
    const short = solid(10, 10, [255, 255, 255]);
    const tall = solid(10, 12, [0, 0, 0]);
    const result = comparePngs(PNG.sync.write(short), PNG.sync.write(tall));
    expect(result.totalPixels).toBe(120);
    expect(result.changedPixels).toBe(120);
  });
});

describe.each(DATABASES)('visual gate switched off or unavailable on %s', (kind) => {
  it('VISUAL_GATE=off: generate promotes without a check and the console is told so', async () => {
    const server = await startTestServer(kind, { env: { VISUAL_GATE: 'off' } });
    try {
      const integrator = await server.as('integrator');
      const status = await integrator.call(startGateRoute, {
        params: { kind: 'instant-search' },
        query: { siteId: SITE },
      });
      expect(status).toEqual({ enabled: false, run: null });
      const started = await integrator.raw({
        method: 'POST',
        url: `/api/config/generate/instant-search?siteId=${SITE}`,
        headers: xsrf(integrator),
      });
      expect(started.statusCode).toBe(202);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('without Chromium the check says so, with the reason, and generate stays refused', async () => {
    const server = await startTestServer(kind, {
      env: { VISUAL_GATE: 'on', CHROMIUM_PATH: '/nonexistent/chromium' },
    });
    try {
      const integrator = await server.as('integrator');
      const status = await integrator.call(startGateRoute, {
        params: { kind: 'instant-search' },
        query: { siteId: SITE },
      });
      expect(status.run).toMatchObject({ state: 'unavailable' });
      expect(status.run?.reason).toMatch(
        /Chromium was not found at \/nonexistent\/chromium.*VISUAL_GATE=off/,
      );
      const refused = await integrator.raw({
        method: 'POST',
        url: `/api/config/generate/instant-search?siteId=${SITE}`,
        headers: xsrf(integrator),
      });
      expect(refused.statusCode).toBe(409);
      expect((refused.json() as { message: string }).message).toMatch(
        /cannot run on this server \(Chromium was not found/,
      );
      // Deploy of a block is refused the same way (the component and block go through it too).
      const deploy = await integrator.raw({
        method: 'POST',
        url: `/api/config/deploy/recommendations-block?siteId=${SITE}&id=1`,
        headers: xsrf(integrator),
      });
      expect(deploy.statusCode).toBe(409);
      expect((deploy.json() as { message: string }).message).toMatch(/visual check has not run/);
    } finally {
      await server.close();
    }
  }, 120_000);
});
