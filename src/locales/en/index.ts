import actions from './actions.json';
import errors from './errors.json';
import fields from './fields.json';
import ui from './ui.json';
import routes from './routes.json';
import auth from './auth.json';
import shell from './shell.json';
import sites from './sites.json';
import users from './users.json';
import reports from './reports.json';

/** All en strings of the console, one object per key domain (`ui.*`, `actions.*`…). */
const resources = { actions, errors, fields, ui, routes, auth, shell, sites, users, reports };

export default resources;
