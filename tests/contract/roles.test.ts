import { describe, expect, it } from 'vitest';
import { hasAccess, isRole, ROLE_CATALOGUE, ROLES, splitRoles } from '#contract/roles.ts';
import { ROLE_PRESETS, ROLE_PRESET_NAMES } from '#contract/role-presets.ts';
import { apiRoutes } from '#contract/routes/index.ts';

describe('role catalogue', () => {
  it('names every role the spec names, each with a description', () => {
    const named = [
      'ROLE_ADMIN',
      'ROLE_SUPERUSER',
      'ROLE_REPORT_AGG_VIEW',
      'ROLE_REPORT_DAILY_VIEW',
      'ROLE_CUSTOM_REPORT_VIEW',
      'ROLE_SITE_VIEW',
      'ROLE_AUTOCOMPLETE_VIEW',
      'ROLE_AQ_VIEW',
      'ROLE_AQ_STEMMER_CONFIG',
      'ROLE_CONFIG_AUTOCOMPLETE_PREVIEW',
      'ROLE_CONFIG_SEARCH_PREVIEW',
      'ROLE_CONFIG_INSTANT_SEARCH_PREVIEW',
      'ROLE_CONFIG_MVT_PREVIEW',
      'ROLE_CONFIG_TRACKING_PREVIEW',
      'ROLE_CONFIG_GLOBAL_CONFIG',
      'ROLE_CONFIG_FEED_CONFIG',
      'ROLE_RECS_STRATEGIES_PREVIEW',
      'ROLE_RECS_STRATEGIES_CONFIG',
      'ROLE_RECS_WIDGETS_CONFIG',
      'ROLE_RECS_WIDGETS_PREVIEW',
      'ROLE_RECS_UX_PREVIEW',
      'ROLE_RECS_UX_SAVE_TO_PROD',
      'ROLE_RECS_UX_GENERATE',
      'ROLE_REGISTER_CONFIG',
      'ROLE_SITE_CONFIG',
      'ROLE_AUTOCOMPLETE_SEARCH_API_PARAMS_CONFIG',
      'ROLE_USER_CONFIG',
      'ROLE_USER_VIEW',
      'ROLE_MERCHANDISING_VIEW',
      'ROLE_RECS_MERCH_RULES_CONFIG',
      'ROLE_AUTOCOMPLETE_JOB_START',
    ];
    for (const role of named) expect(isRole(role), role).toBe(true);
    for (const role of ROLES) {
      expect(role).toMatch(/^ROLE_[A-Z_]+$/);
      expect(ROLE_CATALOGUE[role].length).toBeGreaterThan(5);
    }
  });

  it('has the nine presets of spec §6, made only of catalogue roles, without duplicates', () => {
    expect(ROLE_PRESET_NAMES).toEqual([
      'admin',
      'integrator',
      'layout designer',
      'manager',
      'sales',
      'user',
      'user - facets',
      'user - feeds',
      'user - facets/feeds',
    ]);
    for (const name of ROLE_PRESET_NAMES) {
      const roles = ROLE_PRESETS[name];
      expect(new Set(roles).size, name).toBe(roles.length);
      for (const role of roles) expect(isRole(role), `${name}: ${role}`).toBe(true);
    }
  });

  it('follows the preset summaries: who may generate and save to production', () => {
    const generate = 'ROLE_CONFIG_AUTOCOMPLETE_GENERATE';
    expect(ROLE_PRESETS['layout designer']).toContain(generate);
    expect(ROLE_PRESETS.integrator).toContain(generate);
    expect(ROLE_PRESETS.manager).not.toContain(generate);
    expect(ROLE_PRESETS.manager).not.toContain('ROLE_CONFIG_AUTOCOMPLETE_SAVE_TO_PROD');
    expect(ROLE_PRESETS.manager).toContain('ROLE_CONFIG_AUTOCOMPLETE_PREVIEW');
    expect(ROLE_PRESETS.integrator).not.toContain('ROLE_USER_CONFIG');
    for (const variant of ['user - facets', 'user - feeds', 'user - facets/feeds'] as const) {
      for (const role of ROLE_PRESETS.user) expect(ROLE_PRESETS[variant]).toContain(role);
    }
  });
});

describe('hasAccess', () => {
  it('lets any signed-in user through an empty list', () => {
    expect(hasAccess([], [])).toBe(true);
  });
  it('lets the administrator through everything', () => {
    expect(hasAccess(['ROLE_ADMIN'], ['ROLE_USER_CONFIG'])).toBe(true);
  });
  it('lets the superuser through everything but administrator-only calls', () => {
    expect(hasAccess(['ROLE_SUPERUSER'], ['ROLE_USER_CONFIG'])).toBe(true);
    expect(hasAccess(['ROLE_SUPERUSER'], ['ROLE_ADMIN'])).toBe(false);
  });
  it('needs any one of the listed roles otherwise', () => {
    expect(hasAccess(['ROLE_SITE_VIEW'], ['ROLE_SITE_CONFIG', 'ROLE_SITE_VIEW'])).toBe(true);
    expect(hasAccess(['ROLE_SITE_VIEW'], ['ROLE_SITE_CONFIG'])).toBe(false);
  });
});

describe('splitRoles', () => {
  it("splits the older '+'-joined roles string", () => {
    expect(splitRoles('ROLE_A+ROLE_B')).toEqual(['ROLE_A', 'ROLE_B']);
    expect(splitRoles(['ROLE_A', 'ROLE_B+ROLE_C', ' '])).toEqual(['ROLE_A', 'ROLE_B', 'ROLE_C']);
  });
});

describe('route entries', () => {
  it('are unique by method and path, and every role they name exists', () => {
    const keys = apiRoutes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of apiRoutes) for (const role of route.roles) expect(isRole(role)).toBe(true);
  });
});
