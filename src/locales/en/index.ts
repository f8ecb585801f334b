import actions from './actions.json';
import errors from './errors.json';
import fields from './fields.json';
import ui from './ui.json';

/** All en strings of the console, one object per key domain (`ui.*`, `actions.*`…). */
const resources = { actions, errors, fields, ui };

export default resources;
