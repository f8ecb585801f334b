import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const guard = fileURLToPath(new URL('../../../server/process-guard.ts', import.meta.url));
const script = (guarded: boolean) => `
  ${
    guarded
      ? `const { logUnhandledRejections } = await import(${JSON.stringify(guard)});
  logUnhandledRejections((message, reason) => console.error(message, reason.message));`
      : ''
  }
  Promise.reject(new Error('a lost database call'));
  setTimeout(() => console.log('still serving'), 100);
`;
const runNode = (source: string) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source]);

describe('the server process and unhandled rejections', () => {
  it('exits without the guard (what took the embedded server down)', async () => {
    await expect(runNode(script(false))).rejects.toMatchObject({ code: 1 });
  }, 60_000);

  it('logs an unhandled rejection and goes on serving with it', async () => {
    const { stdout, stderr } = await runNode(script(true));
    expect(stdout).toContain('still serving');
    expect(stderr).toContain('Unhandled rejection (the server goes on): a lost database call');
  }, 60_000);
});
