/**
 * Unguessable preview paths: an unreleased preview bundle was readable by anyone at
 * `/cdn/{siteId}/preview/digi.js` with sequential ids. The preview loader now lives at
 * `/cdn/{siteId}/preview/{key}/digi.js`, `key` an HMAC of the site id under a server-wide secret
 * kept in app_secrets (every process on the database derives the same key).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appSecret } from '../../platform/db/app-secrets.ts';
import type { Db } from '../../platform/db/client.ts';

const SECRET_NAME = 'preview-path';
const secrets = new WeakMap<Db, Promise<string>>();

function secretOf(db: Db): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = appSecret(db, SECRET_NAME);
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

const keys = new WeakMap<Db, Map<number, string>>();

/** The site's preview key: 32 hex characters (derived once per site and process: GET /api/site/:id names it). */
export async function previewKey(db: Db, siteId: number): Promise<string> {
  const secret = await secretOf(db);
  let known = keys.get(db);
  if (!known) keys.set(db, (known = new Map()));
  let key = known.get(siteId);
  if (!key) {
    key = createHmac('sha256', secret).update(`preview:${siteId}`).digest('hex').slice(0, 32);
    known.set(siteId, key);
  }
  return key;
}

export async function isPreviewKey(db: Db, siteId: number, key: string): Promise<boolean> {
  const expected = Buffer.from(await previewKey(db, siteId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `/cdn/{siteId}/preview/{key}`: the base of the preview loader and demo page. */
export async function previewBase(db: Db, siteId: number): Promise<string> {
  return `/cdn/${siteId}/preview/${await previewKey(db, siteId)}`;
}
