import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileTokensToScss } from '#tokens/core/compiler.ts';
import { compileScss } from '#studio/workers/compile-scss.ts';
import { scopeSelector } from '#tokens/core/scope.ts';
import {
  createScssCompiler,
  SCSS_TIMEOUT_MESSAGE,
  SCSS_TIMEOUT_MS,
  type ScssWorkerLike,
} from '#studio/workers/scss-client.ts';
import type { ScssRequest } from '#studio/workers/scss.worker.ts';

// The worker imports it with ?raw; vitest blanks stylesheets, so read the file.
const MODULES = { vars: readFileSync(join(process.cwd(), 'storefront/styles/_vars.scss'), 'utf8') };

describe('compileScss (what the worker runs)', () => {
  it('compiles SCSS and scopes every selector under #digi-shield', () => {
    const { css, diagnostics } = compileScss(
      '$c: #123456;\n.digi-card { color: $c; &__name { font-weight: 700; } }\nbody { margin: 0 }\n' +
        '#digi-shield .x { top: 0 }\n@keyframes digi-spin { from { opacity: 0 } to { opacity: 1 } }',
    );
    expect(diagnostics).toEqual([]);
    expect(css).toContain('#digi-shield .digi-card {');
    expect(css).toContain('#digi-shield .digi-card__name {');
    expect(css).toMatch(/#digi-shield \{\s*margin: 0/);
    expect(css).not.toContain('#digi-shield #digi-shield');
    expect(css).toMatch(/from \{/);
    expect(css).not.toContain('#digi-shield from');
  });

  it("gives the storefront's token() function and the token set's variables", () => {
    const tokens = compileTokensToScss({ Colors: { brand: { value: '#ff0000', type: 'color' } } });
    const { css, diagnostics } = compileScss(
      "@use 'vars' as *;\n.digi-card { border-color: token('colors-border'); color: $colors-brand; }",
      tokens.scss,
      MODULES,
    );
    expect(diagnostics).toEqual([]);
    expect(css).toContain('var(--colors-border');
    expect(css).toMatch(/color: (#ff0000|red)/);
    expect(css).toContain('--colors-brand');
  });

  it('reports an error with the line and column the designer wrote, with or without tokens', () => {
    const broken = '.a { color: red; }\n.b {\n  color: $missing;\n}';
    for (const tokensScss of ['', '$x: 1px;']) {
      const result = compileScss(broken, tokensScss);
      expect(result.css).toBe('');
      expect(result.diagnostics).toEqual([{ message: 'Undefined variable.', line: 3, column: 10 }]);
    }
    expect(compileScss('.a { color: $nope }', '$x: 1px;').diagnostics[0]).toMatchObject({
      line: 1,
      column: 13,
    });
  });

  it('scopes page selectors onto the shield', () => {
    expect(scopeSelector(':root')).toBe('#digi-shield');
    expect(scopeSelector('body.dark .x')).toBe('#digi-shield.dark .x');
    expect(scopeSelector('html .x')).toBe('#digi-shield .x');
    expect(scopeSelector('#digi-shield-other')).toBe('#digi-shield #digi-shield-other');
  });
});

/** A worker the test answers by hand. */
function fakeWorker() {
  const requests: ScssRequest[] = [];
  let listener: ((event: MessageEvent) => void) | null = null;
  const worker: ScssWorkerLike = {
    postMessage: (request) => void requests.push(request),
    addEventListener: ((type: string, handler: (event: MessageEvent) => void) => {
      if (type === 'message') listener = handler;
    }) as ScssWorkerLike['addEventListener'],
    terminate: () => undefined,
  };
  const answer = (request: ScssRequest) =>
    listener?.(
      new MessageEvent('message', {
        data: { id: request.id, css: `/* ${request.scss} */`, diagnostics: [], ms: 1 },
      }),
    );
  return { worker, requests, answer };
}

describe('compileScssInWorker client (latest wins)', () => {
  it('runs one compile at a time and skips the requests a newer one replaced', async () => {
    const fake = fakeWorker();
    const compiler = createScssCompiler(() => fake.worker);
    const first = compiler.compile('a');
    const second = compiler.compile('ab');
    const third = compiler.compile('abc');
    expect(fake.requests.map((r) => r.scss)).toEqual(['a']);
    await expect(second).resolves.toBeNull();
    fake.answer(fake.requests[0]!);
    // 'a' finished while 'abc' waited: 'a' is stale, 'abc' goes next.
    await expect(first).resolves.toBeNull();
    expect(fake.requests.map((r) => r.scss)).toEqual(['a', 'abc']);
    fake.answer(fake.requests[1]!);
    await expect(third).resolves.toEqual({ css: '/* abc */', diagnostics: [], ms: 1 });
  });

  it('answers the last request with its result when nothing newer came', async () => {
    const fake = fakeWorker();
    const compiler = createScssCompiler(() => fake.worker);
    const only = compiler.compile('x', '$t: 1;');
    expect(fake.requests[0]).toMatchObject({ scss: 'x', tokensScss: '$t: 1;' });
    fake.answer(fake.requests[0]!);
    await expect(only).resolves.toMatchObject({ css: '/* x */' });
    compiler.dispose();
  });
});

describe('compileScssInWorker client watchdog', () => {
  /** Workers that never answer (a `@while` loop that never ends), one per spawn. */
  function stuckWorkers() {
    const spawned: Array<{ requests: ScssRequest[]; terminated: boolean }> = [];
    const make = (): ScssWorkerLike => {
      const state = { requests: [] as ScssRequest[], terminated: false };
      spawned.push(state);
      return {
        postMessage: (request) => void state.requests.push(request),
        addEventListener: (() => undefined) as ScssWorkerLike['addEventListener'],
        terminate: () => {
          state.terminated = true;
        },
      };
    };
    return { spawned, make };
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('terminates a worker stuck past the timeout, reports it and compiles on a fresh worker', async () => {
    vi.useFakeTimers();
    const stuck = stuckWorkers();
    const answered = fakeWorker();
    let spawns = 0;
    const compiler = createScssCompiler(() => (spawns++ === 0 ? stuck.make() : answered.worker));
    const looping = compiler.compile('$i: 1; @while $i > 0 { .a { b: $i } }');
    let settled = false;
    void looping.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(SCSS_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(stuck.spawned[0]?.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(looping).resolves.toMatchObject({
      css: '',
      diagnostics: [{ message: SCSS_TIMEOUT_MESSAGE, line: 1, column: 1 }],
    });
    expect(stuck.spawned[0]?.terminated).toBe(true);
    // The next edit gets a new worker, and its answer.
    const fixed = compiler.compile('.a { b: 1 }');
    expect(spawns).toBe(2);
    answered.answer(answered.requests[0]!);
    await expect(fixed).resolves.toMatchObject({ css: '/* .a { b: 1 } */', diagnostics: [] });
    compiler.dispose();
  });

  it('keeps latest wins: a stuck compile with a newer one waiting resolves null, the newer runs', async () => {
    vi.useFakeTimers();
    const stuck = stuckWorkers();
    const compiler = createScssCompiler(stuck.make, { timeoutMs: 500 });
    const first = compiler.compile('@while true {}');
    const second = compiler.compile('@while tru');
    const third = compiler.compile('.ok {}');
    await expect(second).resolves.toBeNull();
    await vi.advanceTimersByTimeAsync(500);
    await expect(first).resolves.toBeNull();
    expect(stuck.spawned).toHaveLength(2);
    expect(stuck.spawned[0]?.terminated).toBe(true);
    expect(stuck.spawned[1]?.requests.map((r) => r.scss)).toEqual(['.ok {}']);
    // The newest one is stuck too: after its own timeout it reports.
    await vi.advanceTimersByTimeAsync(500);
    await expect(third).resolves.toMatchObject({
      diagnostics: [{ message: SCSS_TIMEOUT_MESSAGE }],
    });
    expect(stuck.spawned[1]?.terminated).toBe(true);
    compiler.dispose();
  });

  it('does not time out a compile that answered in time, nor after dispose', async () => {
    vi.useFakeTimers();
    const fake = fakeWorker();
    let terminated = 0;
    const compiler = createScssCompiler(
      () => ({ ...fake.worker, terminate: () => void terminated++ }),
      { timeoutMs: 100 },
    );
    const quick = compiler.compile('.a {}');
    await vi.advanceTimersByTimeAsync(50);
    fake.answer(fake.requests[0]!);
    await expect(quick).resolves.toMatchObject({ css: '/* .a {} */' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(terminated).toBe(0);
    const pending = compiler.compile('.b {}');
    compiler.dispose();
    await expect(pending).resolves.toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(terminated).toBe(1);
  });
});
