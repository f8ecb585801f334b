/**
 * The automatic rollback's error signal, made hard to forge from one place. Anyone holding a
 * site's apiKey can post to /public, so a bare error count let a script undo every release.
 * Instead:
 *
 * - the runtime announces each page view of its bundle (`POST /public/errors/views`) and gets a
 *   view token: an HMAC over the site, the bundle's hash, the client network it was issued to, a
 *   random view id and the time, under a key kept in the database;
 * - an error report carries the bundle's hash and that token; it counts only when the token is
 *   genuine, of that site and bundle, not expired, and presented from the same client network;
 *   each page view counts once however many errors it reports;
 * - views and reports are limited per client network (/24 for IPv4, /48 for IPv6) and minute;
 * - the watcher rolls back on errors only when the erroring views are numerous, a large enough
 *   share of the bundle's views, over a minimum of views, and from several client networks
 *   (settings): one script on a handful of addresses cannot reach that alone.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { appSecret } from '../../platform/db/app-secrets.ts';
import type { Db } from '../../platform/db/client.ts';
import { bundleErrorViews, bundleViews } from '../../platform/db/schema.ts';

const KEY_NAME = 'rollout-view-key';
/** How long a page's view token is accepted (a tab left open for a day still reports). */
export const VIEW_TOKEN_SECONDS = 24 * 3600;
/** Page views a client network may announce per site and minute (beyond: 429). */
export const VIEWS_PER_NETWORK_MINUTE = 60;
/** Error reports a client network may send per site and minute (beyond: 429). */
export const ERRORS_PER_NETWORK_MINUTE = 20;

/** The client network of an address: IPv4 /24, IPv6 /48 (an IPv4-mapped address as IPv4). */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(ip)) {
    const [head = '', tail = ''] = ip.toLowerCase().split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = ip.includes('::')
      ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
      : left;
    return `${groups
      .slice(0, 3)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}::/48`;
  }
  // not an address (a proxy passing garbage): all such requests share one network
  return 'unknown';
}

/** A per-process fixed-window counter per key and minute (bounded: old windows are dropped). */
function minuteLimiter(max: number) {
  let window = 0;
  let counts = new Map<string, number>();
  return (key: string, now: number): boolean => {
    const current = Math.floor(now / 60_000);
    if (current !== window) {
      window = current;
      counts = new Map();
    }
    const next = (counts.get(key) ?? 0) + 1;
    counts.set(key, next);
    return next <= max;
  };
}

export type ReportVerdict = 'counted' | 'repeated' | 'invalid';

export function createViewSignal(db: Db) {
  let key: Promise<Buffer> | undefined;
  const loadKey = async () => Buffer.from(await appSecret(db, KEY_NAME), 'base64url');
  const secret = () => {
    key ??= loadKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  const mac = async (parts: (string | number)[]) =>
    createHmac('sha256', await secret())
      .update(parts.join('|'))
      .digest()
      .subarray(0, 18)
      .toString('base64url');

  const viewLimit = minuteLimiter(VIEWS_PER_NETWORK_MINUTE);
  const errorLimit = minuteLimiter(ERRORS_PER_NETWORK_MINUTE);

  return {
    /** Whether the network may announce one more view now (false: 429). */
    mayView: (siteId: number, network: string, now = Date.now()) =>
      viewLimit(`${siteId}|${network}`, now),
    /** Whether the network may send one more error report now (false: 429). */
    mayReport: (siteId: number, network: string, now = Date.now()) =>
      errorLimit(`${siteId}|${network}`, now),

    /** Counts one page view of the bundle and answers its token. */
    async view(siteId: number, bundle: string, network: string, at = new Date()): Promise<string> {
      const id = randomBytes(12).toString('base64url');
      const issued = Math.floor(at.getTime() / 1000);
      const token = `${id}.${issued}.${await mac([siteId, bundle, network, id, issued])}`;
      const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
      await db
        .insert(bundleViews)
        .values({ siteId, bundle, minute, views: 1 })
        .onConflictDoUpdate({
          target: [bundleViews.siteId, bundleViews.bundle, bundleViews.minute],
          set: { views: sql`${bundleViews.views} + 1` },
        });
      return token;
    },

    /**
     * Checks an error report's token against the site, bundle and network it comes from, and
     * counts its page view as erroring once.
     */
    async report(
      siteId: number,
      bundle: string,
      token: string,
      network: string,
      at = new Date(),
    ): Promise<ReportVerdict> {
      const match = /^([A-Za-z0-9_-]{16})\.(\d{1,12})\.([A-Za-z0-9_-]{24})$/.exec(token);
      if (!match) return 'invalid';
      const [, id, issuedText, given] = match as unknown as [string, string, string, string];
      const issued = Number(issuedText);
      const now = Math.floor(at.getTime() / 1000);
      if (issued > now + 300 || now - issued > VIEW_TOKEN_SECONDS) return 'invalid';
      const expected = Buffer.from(await mac([siteId, bundle, network, id, issued]));
      if (!timingSafeEqual(expected, Buffer.from(given))) return 'invalid';
      const inserted = await db
        .insert(bundleErrorViews)
        .values({ siteId, view: id, bundle, network, at })
        .onConflictDoNothing()
        .returning({ view: bundleErrorViews.view });
      return inserted.length === 1 ? 'counted' : 'repeated';
    },
  };
}
export type ViewSignal = ReturnType<typeof createViewSignal>;
