import actions from './actions.json';
import errors from './errors.json';
import fields from './fields.json';
import ui from './ui.json';
import routes from './routes.json';
import auth from './auth.json';
import shell from './shell.json';
import sites from './sites.json';
import users from './users.json';
import ux from './ux.json';
import recsUx from './recs-ux.json';
import componentsUx from './components-ux.json';
import mvt from './mvt.json';
import tracking from './tracking.json';
import searchConfig from './search-config.json';
import recs from './recs.json';
import configStudio from './config-studio.json';
import reports from './reports.json';
import jobs from './jobs.json';
import feeds from './feeds.json';
import dolyame from './dolyame.json';
import queryLists from './query-lists.json';
import merch from './merch.json';
import support from './support.json';
import reviews from './reviews.json';
import chat from './chat.json';
import globalConfig from './global-config.json';
import audit from './audit.json';
import editors from '#studio/locales/en/editors.json';
import lifecycle from '#studio/locales/en/lifecycle.json';
import preview from '#studio/locales/en/preview.json';
import gate from '#studio/locales/en/gate.json';

/** The studio's strings: every studio/locales/{lang}/<file>.json under `studio.<file>.*`. */
const studio = { editors, lifecycle, preview, gate };

/** All en strings of the console, one object per key domain (`ui.*`, `actions.*`…). */
const resources = {
  actions,
  errors,
  fields,
  ui,
  routes,
  auth,
  shell,
  sites,
  users,
  ux,
  studio,
  recsUx,
  componentsUx,
  mvt,
  tracking,
  searchConfig,
  recs,
  configStudio,
  reports,
  jobs,
  feeds,
  dolyame,
  queryLists,
  merch,
  support,
  reviews,
  chat,
  globalConfig,
  audit,
};

export default resources;
