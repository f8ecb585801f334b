import { describe, expect, it } from 'vitest';
import { hasAccess } from '#contract/roles.ts';
import { apiRoutes } from '#contract/routes/index.ts';
import { APP_ROUTES, menuFor, type CallKey } from '#src/app/routes.ts';
import { ROLE_PRESETS } from '#contract/role-presets.ts';

const callOf = (key: CallKey) => apiRoutes.find((route) => `${route.method} ${route.path}` === key);

/*
 * The menu offers a screen only to users its main call lets through: each role that opens a
 * screen must be one the contract's call allows, or the screen's first read answers 403 and
 * throws the user home (the layout designer's synonyms, the sales role's strategies).
 */
describe('the route table and the contract agree on who may open a screen', () => {
  for (const route of APP_ROUTES) {
    it(`${route.path}: every role that opens it may make its main call`, () => {
      if (route.path === '/') {
        // The bare greeting reads nothing of its own.
        expect(route.mainCall).toBeUndefined();
        return;
      }
      expect(route.mainCall, 'main call').toBeDefined();
      const call = callOf(route.mainCall!);
      expect(call, `${route.mainCall} is not a contract call`).toBeDefined();
      const refused = route.roles.filter((role) => !hasAccess([role], call!.roles));
      expect(refused, `roles that open ${route.path} but not ${route.mainCall}`).toEqual([]);
      if (route.roles.length === 0) expect(call!.roles).toEqual([]);
    });
  }

  it('the write roles of a screen are its write call’s', () => {
    for (const route of APP_ROUTES.filter((r) => r.write)) {
      const call = callOf(route.write!.call);
      expect(call, `${route.write!.call} is not a contract call`).toBeDefined();
      expect([...route.write!.roles].sort(), route.path).toEqual([...call!.roles].sort());
    }
  });

  it('no preset is offered a menu entry whose main call refuses it', () => {
    for (const [preset, roles] of Object.entries(ROLE_PRESETS)) {
      for (const route of menuFor(roles).flatMap((group) => group.routes)) {
        if (!route.mainCall) continue;
        expect(hasAccess(roles, callOf(route.mainCall)!.roles), `${preset}: ${route.path}`).toBe(
          true,
        );
      }
    }
  });
});

/*
 * Spec part 1 §6 "Menu visibility", the entries whose roles it names: "Search merchandising rules
 * need merchandising view", "API configuration needs admin or the search API params role",
 * "Ranking configuration needs admin or autocomplete job start", "custom models need
 * autocomplete job start", "recommendation rules need recs merch rules config".
 */
describe('menu entries the spec gives roles for', () => {
  const SPEC_MENU: Record<string, readonly string[]> = {
    '/merch-rules/search': ['ROLE_MERCHANDISING_VIEW'],
    '/merch-rules/recommendations': ['ROLE_RECS_MERCH_RULES_CONFIG'],
    '/merch-rules/custom-models': ['ROLE_AUTOCOMPLETE_JOB_START'],
    '/site/api-config': ['ROLE_AUTOCOMPLETE_SEARCH_API_PARAMS_CONFIG'],
    '/site/ranking-config': ['ROLE_AUTOCOMPLETE_JOB_START'],
  };

  for (const [path, roles] of Object.entries(SPEC_MENU)) {
    it(`${path} is offered to administrators and to ${roles.join(', ')} only`, () => {
      const route = APP_ROUTES.find((r) => r.path === path)!;
      expect([...route.roles].sort()).toEqual([...roles].sort());
      const offered = (held: string[]) =>
        menuFor(held)
          .flatMap((group) => group.routes)
          .some((r) => r.path === path);
      expect(offered(['ROLE_ADMIN'])).toBe(true);
      for (const role of roles) expect(offered([role]), role).toBe(true);
      // A neighbouring role of the same screen's calls is not enough for the entry.
      const neighbour =
        path === '/site/api-config'
          ? 'ROLE_AUTOCOMPLETE_VIEW'
          : 'ROLE_MERCHANDISING_BOOSTING_CONFIG';
      if (!roles.includes(neighbour)) expect(offered([neighbour]), neighbour).toBe(false);
    });
  }
});
