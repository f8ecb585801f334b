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
