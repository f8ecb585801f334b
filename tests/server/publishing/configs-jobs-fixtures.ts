/** The demo site and its artifact pointers, shared by the config job tests. */
import { and, eq } from 'drizzle-orm';
import { artifactPointers, artifacts } from '#server/platform/db/schema.ts';
import { type TestServer } from '#tests/helpers/server.ts';
/** The demo site: seeded with instant search, autocomplete, a block and a component, generated. */
export const SITE = 1;
/** The artifact a slot of SITE points at (its id and hash), or null. */
export async function pointer(server: TestServer, slot: 'production' | 'preview') {
  const [row] = await server.database.db
    .select({ artifactId: artifactPointers.artifactId, hash: artifacts.hash })
    .from(artifactPointers)
    .innerJoin(artifacts, eq(artifacts.id, artifactPointers.artifactId))
    .where(and(eq(artifactPointers.siteId, SITE), eq(artifactPointers.slot, slot)));
  return row ?? null;
}
