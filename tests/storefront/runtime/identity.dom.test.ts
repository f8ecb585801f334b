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

  it('takes the session the page names where cookies throw; the cookie wins where it reads', () => {
    const holder = document.createElement('main');
    holder.dataset['digiSessionId'] = 'page-session-1';
    document.body.append(holder);
    try {
      const read = vi.spyOn(document, 'cookie', 'get').mockReturnValue('digi_sid=cookie-session');
      expect(trackingIdentity(document).sessionId).toBe('cookie-session');
      read.mockRestore();
      const blocked = () => {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      };
      vi.spyOn(document, 'cookie', 'get').mockImplementation(blocked);
      vi.spyOn(document, 'cookie', 'set').mockImplementation(blocked);
      expect(trackingIdentity(document).sessionId).toBe('page-session-1');
      // a value no session id can be is ignored
      holder.dataset['digiSessionId'] = 'not a session; id';
      expect(trackingIdentity(document).sessionId).not.toBe('not a session; id');
    } finally {
      holder.remove();
    }
  });
});
