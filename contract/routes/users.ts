import * as z from 'zod';
import { defineRoute } from '../route.ts';
import {
  login,
  roleCatalogue,
  roleList,
  twoFactorRolesInput,
  twoFactorRolesSetting,
  user,
  userRegistration,
  userUpdate,
} from '../entities/user.ts';
import { site, siteInput } from '../entities/site.ts';

const loginParams = z.strictObject({ login });
const siteIdQuery = z.strictObject({ siteId: z.coerce.number().int().positive() });

export const registerUserRoute = defineRoute({
  method: 'POST',
  path: '/register/user',
  summary: 'Register a user',
  auth: true,
  roles: ['ROLE_REGISTER_CONFIG', 'ROLE_USER_CONFIG'],
  site: 'none',
  body: userRegistration,
  response: user,
});

export const registerSiteRoute = defineRoute({
  method: 'POST',
  path: '/register/site',
  summary: 'Register a site (created disabled, with a fresh API key)',
  auth: true,
  roles: ['ROLE_REGISTER_CONFIG'],
  site: 'none',
  body: siteInput,
  response: site,
});

export const registerSiteToUserRoute = defineRoute({
  method: 'POST',
  path: '/register/siteToUser',
  summary: 'Attach the site of ?siteId to the user named in the body',
  auth: true,
  roles: ['ROLE_REGISTER_CONFIG'],
  site: 'query',
  query: siteIdQuery,
  body: z.strictObject({ login }),
  response: user,
});

export const listUsersRoute = defineRoute({
  method: 'GET',
  path: '/user/all',
  summary: 'List users',
  auth: true,
  roles: ['ROLE_USER_VIEW'],
  site: 'none',
  response: z.array(user),
});

export const roleCatalogueRoute = defineRoute({
  method: 'GET',
  path: '/user/roles',
  summary: 'The role catalogue with descriptions, and the role presets',
  auth: true,
  roles: ['ROLE_USER_VIEW'],
  site: 'none',
  response: roleCatalogue,
});

export const getUserRoute = defineRoute({
  method: 'GET',
  path: '/user/:login',
  summary: 'One user',
  auth: true,
  roles: ['ROLE_USER_VIEW'],
  site: 'none',
  params: loginParams,
  response: user,
});

export const setUserRolesRoute = defineRoute({
  method: 'PUT',
  path: '/user/roles/:login',
  summary: "Set a user's active roles (a list, or one string joined with '+')",
  auth: true,
  roles: ['ROLE_ADMIN'],
  site: 'none',
  params: loginParams,
  body: roleList,
  response: user,
});

export const updateUserRoute = defineRoute({
  method: 'PUT',
  path: '/user/:login',
  summary: 'Update a user',
  auth: true,
  roles: ['ROLE_ADMIN'],
  site: 'none',
  params: loginParams,
  body: userUpdate,
  response: user,
});

export const chatTokenRoute = defineRoute({
  method: 'GET',
  path: '/user/chat-token/:login',
  summary: "A user's support-chat token (one's own; an administrator may read anyone's)",
  auth: true,
  roles: [],
  site: 'none',
  params: loginParams,
  response: z.object({ token: z.string() }),
});

export const twoFactorRolesRoute = defineRoute({
  method: 'GET',
  path: '/user/two-factor-roles',
  summary: 'The roles whose holders must sign in with a second factor',
  auth: true,
  roles: ['ROLE_USER_VIEW'],
  site: 'none',
  response: twoFactorRolesSetting,
});

export const setTwoFactorRolesRoute = defineRoute({
  method: 'PUT',
  path: '/user/two-factor-roles',
  summary:
    'Set the roles whose holders must sign in with a second factor (replaces TWO_FACTOR_ROLES; audited)',
  auth: true,
  roles: ['ROLE_ADMIN'],
  site: 'none',
  body: twoFactorRolesInput,
  response: twoFactorRolesSetting,
});

export const staffEmailDomainsRoute = defineRoute({
  method: 'GET',
  path: '/user/email-domains',
  summary:
    "The company's e-mail domains, the only ones a staff account's address may use (empty: any; STAFF_EMAIL_DOMAINS)",
  auth: true,
  roles: ['ROLE_REGISTER_CONFIG', 'ROLE_USER_CONFIG'],
  site: 'none',
  response: z.object({ domains: z.array(z.string()) }),
});
