import * as auth from './auth.ts';
import * as users from './users.ts';
import * as sites from './sites.ts';
import * as catalog from './catalog.ts';
import * as catalogLookups from './catalog-lookups.ts';
import * as configs from './configs.ts';
import * as reports from './reports.ts';
import * as mail from './mail.ts';
import * as jobs from './jobs.ts';
import * as searchConfig from './search-config.ts';
import * as schedules from './schedules.ts';
import * as recs from './recs.ts';
import * as feeds from './feeds.ts';
import * as dolyame from './dolyame.ts';
import * as reviews from './reviews.ts';
import { queryListsArea } from './query-lists.ts';
import * as merchandising from './merchandising.ts';
import * as support from './support.ts';
import * as visualGate from './visual-gate.ts';
import * as audit from './audit.ts';
import * as rollout from './rollout.ts';
import type { RouteDef } from '../route.ts';

const isRoute = (value: unknown): value is RouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

/** Every console API call, for the server's registration and the role-matrix test. */
export const apiRoutes: readonly RouteDef[] = [
  auth,
  users,
  sites,
  catalog,
  catalogLookups,
  configs,
  reports,
  mail,
  jobs,
  searchConfig,
  schedules,
  recs,
  feeds,
  dolyame,
  reviews,
  queryListsArea,
  merchandising,
  support,
  visualGate,
  audit,
  rollout,
].flatMap((area) => Object.values(area).filter(isRoute));
