import { describe, expect, it } from 'vitest';
import { detectPlatform } from '#storefront/runtime/platform.ts';

const windowOf = (userAgent: string, innerWidth: number) =>
  ({ navigator: { userAgent }, innerWidth }) as unknown as Window;

describe('the storefront platform', () => {
  it('is the app inside an imshop web view, whatever its width', () => {
    const agent =
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Mobile Safari/537.36 imshop/6.2';
    expect(detectPlatform(windowOf(agent, 390), 768)).toBe('APP');
    expect(detectPlatform(windowOf(agent.replace('imshop', 'IMSHOP'), 1280), 768)).toBe('APP');
  });

  it('is mobile or desktop by the breakpoint in a browser', () => {
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36';
    expect(detectPlatform(windowOf(agent, 390), 768)).toBe('MOBILE');
    expect(detectPlatform(windowOf(agent, 1280), 768)).toBe('DESKTOP');
    // A word that merely contains the name is not the app.
    expect(detectPlatform(windowOf(`${agent} notimshopper/1`, 1280), 768)).toBe('DESKTOP');
    expect(detectPlatform(null, 768)).toBe('DESKTOP');
  });
});
