import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFeedbackRoute } from '#contract/routes/support.ts';
import { uploadBoostRulesRoute } from '#contract/routes/merchandising.ts';
import { uploadFile } from '#src/lib/upload.ts';

/** An XMLHttpRequest that answers `status` with `body` as soon as it is sent. */
function answering(status: number, body: unknown) {
  return class {
    status = status;
    statusText = '';
    responseText = JSON.stringify(body);
    upload = { onprogress: null };
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send() {
      queueMicrotask(() => this.onload?.());
    }
  };
}

const file = new File(['x'], 'a.csv');

describe('uploadFile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers a call whose answer is not an upload report as it came (feedback sent)', async () => {
    const sent = { id: 7, area: 'reports', text: 'CSV', status: 'new' };
    vi.stubGlobal('XMLHttpRequest', answering(200, sent));
    await expect(
      uploadFile(createFeedbackRoute, { query: { siteId: 1 }, fields: { text: 'CSV' }, file }),
    ).resolves.toEqual(sent);
  });

  it('puts an upload report’s rejection reasons in the console’s language', async () => {
    const report = { accepted: 1, rejected: [{ line: 2, reason: 'Unknown column' }] };
    vi.stubGlobal('XMLHttpRequest', answering(200, report));
    const answer = await uploadFile(uploadBoostRulesRoute, {
      query: { siteId: 1, layout: 'PRODUCTS' },
      file,
    });
    expect(answer.rejected).toHaveLength(1);
    expect(answer.rejected[0]!.line).toBe(2);
  });

  it('fails with the server’s ApiError on a refusal', async () => {
    vi.stubGlobal('XMLHttpRequest', answering(413, { status: 413, message: 'Too large' }));
    await expect(
      uploadFile(createFeedbackRoute, { query: { siteId: 1 }, file }),
    ).rejects.toMatchObject({ status: 413 });
  });
});
