import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackingIdentity } from '#storefront/runtime/identity.ts';

afterEach(() => vi.restoreAllMocks());

describe('trackingIdentity', () => {
  it('works where cookies throw (a frame sandboxed without allow-same-origin)', () => {
    const blocked = () => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    };
    vi.spyOn(document, 'cookie', 'get').mockImplementation(blocked);
    vi.spyOn(document, 'cookie', 'set').mockImplementation(blocked);
    const ids = trackingIdentity(document);
    expect(ids.sessionId).not.toBe('');
    expect(ids.userGUID).not.toBe('');
  });
});
