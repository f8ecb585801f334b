/** Tracking identity cookies (spec §4): session id lasts 30 minutes, user id 30 days. */
export const SESSION_COOKIE = 'digi_sid';
export const USER_COOKIE = 'digi_uid';
const SESSION_SECONDS = 30 * 60;
const USER_SECONDS = 30 * 24 * 60 * 60;

export function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The page's cookies, or '' where they are blocked (a sandboxed frame throws on access). */
function cookies(doc: Document): string {
  try {
    return doc.cookie;
  } catch {
    return '';
  }
}

function readCookie(doc: Document, name: string): string | null {
  for (const part of cookies(doc).split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function writeCookie(doc: Document, name: string, value: string, seconds: number): void {
  try {
    doc.cookie = `${name}=${encodeURIComponent(value)}; max-age=${seconds}; path=/; samesite=lax`;
  } catch {
    // Cookies blocked: the ids live for this page view only.
  }
}

/** The ids of this page view, for when cookies are blocked (one page view: one session). */
let remembered: { sessionId: string; userGUID: string } | null = null;

/** What a session id may be (the public API takes up to 64 characters). */
const SESSION_ID = /^[\w.-]{1,64}$/;

/**
 * The session the page names (`data-digi-session-id` on any element), for pages that cannot
 * keep the cookie: a sandboxed page, or a merchant that keeps the session on its own server.
 */
function declaredSession(doc: Document): string | null {
  const value = doc.querySelector('[data-digi-session-id]')?.getAttribute('data-digi-session-id');
  return value && SESSION_ID.test(value) ? value : null;
}

/**
 * Reads (or creates) the ids and extends their lifetime: the session slides on activity. Where
 * the cookie cannot be read, the session the page names, else one for this page view.
 */
export function trackingIdentity(doc: Document = document): {
  sessionId: string;
  userGUID: string;
} {
  const sessionId =
    readCookie(doc, SESSION_COOKIE) ?? declaredSession(doc) ?? remembered?.sessionId ?? randomId();
  const userGUID = readCookie(doc, USER_COOKIE) ?? remembered?.userGUID ?? randomId();
  remembered = { sessionId, userGUID };
  writeCookie(doc, SESSION_COOKIE, sessionId, SESSION_SECONDS);
  writeCookie(doc, USER_COOKIE, userGUID, USER_SECONDS);
  return { sessionId, userGUID };
}
