import { describe, expect, it } from 'vitest';
import {
  PREVIEW_CHANNEL,
  hostMessage,
  guestMessage,
  parseGuestMessage,
  parseHostMessage,
  type HostPayloads,
} from '#studio/bridge/protocol.ts';

/** An envelope with anything inside (what a hostile frame could post). */
const raw = (type: string, payload: unknown) => ({ channel: PREVIEW_CHANNEL, v: 1, type, payload });

const init: HostPayloads['init'] = {
  widget: 'instant-search',
  settings: { pageSize: 20 },
  templates: { productItem: '<b>{{product.name}}</b>' },
  css: '#digi-shield { color: red }',
  viewport: 'desktop',
  seq: 1,
};

describe('preview protocol', () => {
  it('accepts well-formed envelopes in both directions', () => {
    expect(parseHostMessage(hostMessage('init', init))).toEqual({
      channel: PREVIEW_CHANNEL,
      v: 1,
      type: 'init',
      payload: init,
    });
    expect(
      parseGuestMessage(
        guestMessage('rendered', { part: 'productItem', ms: 1.5, count: 1, seq: 3 }),
      ),
    ).toEqual(expect.objectContaining({ type: 'rendered' }));
    expect(
      parseGuestMessage(
        guestMessage('error', {
          part: 'productItem',
          kind: 'compile',
          message: 'Parse error',
          line: 3,
          seq: 2,
        }),
      )?.payload,
    ).toMatchObject({ line: 3 });
  });

  it.each([
    ['not an object', 'hello'],
    ['null', null],
    ['another channel', { ...hostMessage('init', init), channel: 'storybook-channel' }],
    ['another version', { ...hostMessage('init', init), v: 2 }],
    ['an unknown type', { ...hostMessage('init', init), type: 'eval' }],
    ['a bad payload', raw('init', { ...init, widget: 'iframe-escape' })],
    ['a missing payload', { channel: PREVIEW_CHANNEL, v: 1, type: 'css' }],
    ['a part name with spaces', hostMessage('templates', { templates: { 'a b': 'x' }, seq: 1 })],
    ['a negative sequence', raw('css', { css: '', seq: -1 })],
  ])('rejects %s', (_name, data) => {
    expect(parseHostMessage(data)).toBeNull();
  });

  it('drops a part named __proto__ (it cannot reach a prototype)', () => {
    const message = parseHostMessage({
      ...hostMessage('templates', { templates: {}, seq: 1 }),
      payload: JSON.parse('{"templates":{"__proto__":"x","productItem":"y"},"seq":1}') as unknown,
    });
    expect(message?.type).toBe('templates');
    const templates = (message?.payload as { templates: Record<string, string> }).templates;
    expect(Object.keys(templates)).toEqual(['productItem']);
    expect(Object.getPrototypeOf(templates)).toBe(Object.prototype);
  });

  it('keeps the directions apart: a guest cannot send host messages and the reverse', () => {
    expect(parseGuestMessage(hostMessage('init', init))).toBeNull();
    expect(parseHostMessage(guestMessage('ready', {}))).toBeNull();
  });

  it('carries bye from the guest only, with an object payload', () => {
    expect(parseGuestMessage(guestMessage('bye', {}))).toEqual(raw('bye', {}));
    expect(parseGuestMessage(raw('bye', null))).toBeNull();
    expect(parseHostMessage(raw('bye', {}))).toBeNull();
  });

  it('rejects data requests for anything but the three read calls', () => {
    const request = (call: string) => raw('data-request', { id: 1, call, params: { st: 'x' } });
    expect(parseGuestMessage(request('search'))).not.toBeNull();
    expect(parseGuestMessage(request('trackWidget'))).toBeNull();
    expect(parseGuestMessage(request('login'))).toBeNull();
    expect(
      parseGuestMessage(raw('data-request', { id: 1, call: 'search', params: { st: { $gt: 1 } } })),
    ).toBeNull();
  });
});
