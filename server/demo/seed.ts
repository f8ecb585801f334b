import { count, eq } from 'drizzle-orm';
import { ROLE_PRESETS } from '#contract/role-presets.ts';
import type { Role } from '#contract/roles.ts';
import type { Database } from '../platform/db/client.ts';
import { sites, users, verticals as verticalsTable } from '../platform/db/schema.ts';
import { createRepositories } from '../plugins/app/repositories.ts';
import { seedDemoConfigs } from './configs.ts';
import { demoEvents, yesterday } from './events.ts';
import { demoBlocks, demoCatalog } from './shop.ts';
import { demoVocabulary } from './vocabulary.ts';
import { createEventStore, type WidgetDailyRow } from '../events/store.ts';

export const DEMO_PASSWORD = 'vitrina-demo';

/** One demo login per role preset (README "Demo logins"). */
export const DEMO_USERS: {
  login: string;
  name: string;
  isClient: boolean;
  roles: readonly Role[];
}[] = [
  { login: 'admin', name: 'Анна Админова', isClient: false, roles: ROLE_PRESETS.admin },
  { login: 'superuser', name: 'Сергей Суперов', isClient: false, roles: ['ROLE_SUPERUSER'] },
  {
    login: 'integrator',
    name: 'Игорь Интеграторов',
    isClient: false,
    roles: ROLE_PRESETS.integrator,
  },
  {
    login: 'designer',
    name: 'Дарья Дизайнова',
    isClient: false,
    roles: ROLE_PRESETS['layout designer'],
  },
  { login: 'manager', name: 'Мария Менеджерова', isClient: false, roles: ROLE_PRESETS.manager },
  { login: 'sales', name: 'Семён Продажин', isClient: false, roles: ROLE_PRESETS.sales },
  { login: 'client', name: 'Ольга Клиентова', isClient: true, roles: ROLE_PRESETS.user },
];

export const DEMO_VERTICALS = ['fashion', 'electronics', 'home'];

/** Seeds an empty database (no users) with the demo logins and sites; returns false when not empty. */
export async function seedDemo(
  database: Database,
  options: { feedUrl?: string | null; bundle?: boolean } = {},
): Promise<boolean> {
  const { db } = database;
  const [row] = await db.select({ n: count() }).from(users);
  if (Number(row?.n) > 0) return false;
  const repos = createRepositories(database, 3600);
  await db.insert(verticalsTable).values(DEMO_VERTICALS.map((name) => ({ name })));
  const actor = 'seed';
  const demoSite = await repos.sites.create(
    {
      siteName: 'Демо-магазин одежды',
      siteUrl: 'https://shop.example.ru',
      verticals: ['fashion', 'home'],
      timeZone: 'Europe/Moscow',
      feedUrl: options.feedUrl ?? null,
    },
    actor,
  );
  await db.transaction(async (tx) => {
    await repos.sites.setEnabledIn(tx, demoSite.siteId, true);
  });
  const disabledSite = await repos.sites.create(
    {
      siteName: 'Электроника (отключён)',
      siteUrl: 'https://electro.example.ru',
      verticals: ['electronics'],
      timeZone: 'Asia/Yekaterinburg',
      feedUrl: options.feedUrl ?? null,
    },
    actor,
  );
  for (const user of DEMO_USERS) {
    await repos.users.create(
      {
        ...user,
        roles: [...user.roles],
        email: `${user.login}@vitrina.example`,
        password: DEMO_PASSWORD,
      },
      actor,
    );
    await repos.users.update(user.login, actor, 'attach-site', async (tx, stored) => {
      await repos.users.attachSite(tx, stored.id, demoSite.siteId);
      if (!user.isClient) await repos.users.attachSite(tx, stored.id, disabledSite.siteId);
    });
  }
  await seedDemoConfigs(db, demoSite.siteId, { bundle: options.bundle ?? true });
  return true;
}

/**
 * Seeds plausible statistics for the enabled sites when the event store is empty: ~20 000
 * sessions over 75 days ending yesterday in each site's time zone (a few seconds on PGlite),
 * with product clicks from search, autocomplete and the site's recommendation blocks, and those
 * blocks' widget views and clicks (widget_daily), so /reporting's CTRs read. Returns the number
 * of events written.
 */
export async function seedDemoEvents(
  database: Database,
  options: { days?: number; sessions?: number } = {},
): Promise<number> {
  const store = createEventStore(database);
  if (!(await store.isEmpty())) return 0;
  const enabled = await database.db
    .select({ id: sites.id, timeZone: sites.timeZone })
    .from(sites)
    .where(eq(sites.enabled, true))
    .orderBy(sites.id);
  let written = 0;
  for (const site of enabled) {
    const vocabulary = await demoVocabulary(database.db, site.id);
    const widgetDaily: WidgetDailyRow[] = [];
    for (const rows of demoEvents({
      timeZone: site.timeZone,
      endDay: yesterday(site.timeZone),
      days: options.days ?? 75,
      sessions: options.sessions ?? 20_000,
      vocabulary,
      seed: site.id,
      catalog: await demoCatalog(database.db, site.id),
      blocks: await demoBlocks(database.db, site.id),
      onWidgetDay: (row) => widgetDaily.push(row),
    })) {
      await store.bulkInsert(site.id, rows);
      written += rows.length;
    }
    await store.rebuildRollups(site.id);
    await store.addWidgetDaily(site.id, widgetDaily);
  }
  return written;
}
