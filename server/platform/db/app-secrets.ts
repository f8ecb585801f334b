import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { appSecrets } from './schema.ts';

/**
 * A server-wide secret kept in app_secrets under `name` (base64url of 32 random bytes), made by
 * whichever process asks first: every process on the database reads the same one.
 */
export async function appSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
