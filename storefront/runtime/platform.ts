/**
 * Where the storefront runs, as its events and public calls name it: the shop's mobile app (APP,
 * a web view of an imshop app, which names itself in the user agent), a phone-sized window
 * (MOBILE) or a desktop one. The app's searches sort and are regionalised by its own settings.
 */
export type Platform = 'MOBILE' | 'DESKTOP' | 'APP';

/** An imshop app's web view: its user agent carries the platform's name. */
const APP_AGENT = /\bimshop\b/i;

export function detectPlatform(win: Window | null, mobileBreakpoint: number): Platform {
  if (win && APP_AGENT.test(win.navigator.userAgent)) return 'APP';
  return (win?.innerWidth ?? 1024) < mobileBreakpoint ? 'MOBILE' : 'DESKTOP';
}
