import { describe, expect, it } from 'vitest';
import { ROLE_PRESETS } from '#contract/role-presets.ts';
import { homePath, menuFor } from '#src/app/routes.ts';

const paths = (roles: readonly string[]) =>
  menuFor(roles).map((group) => [group.section, group.routes.map((route) => route.path)]);

describe('report routes and menu (spec §6)', () => {
  it('sends aggregate-report holders home to /home, everyone else to /', () => {
    expect(homePath(['ROLE_REPORT_AGG_VIEW'])).toBe('/home');
    expect(homePath(ROLE_PRESETS.manager)).toBe('/home');
    expect(homePath(['ROLE_ADMIN'])).toBe('/home');
    expect(homePath(['ROLE_REPORT_DAILY_VIEW'])).toBe('/');
    expect(homePath(ROLE_PRESETS['layout designer'])).toBe('/');
    expect(homePath([])).toBe('/');
  });

  it('shows one home entry, reporting for report roles, custom reporting for staff only', () => {
    expect(paths(['ROLE_REPORT_AGG_VIEW'])).toEqual([
      ['home', ['/home']],
      ['reporting', ['/reporting']],
    ]);
    expect(paths(['ROLE_REPORT_DAILY_VIEW'])).toEqual([
      ['home', ['/']],
      ['reporting', ['/reporting']],
    ]);
    expect(paths(['ROLE_CUSTOM_REPORT_VIEW'])).toEqual([['home', ['/']]]);
    const superuser = paths(['ROLE_SUPERUSER']);
    expect(superuser[0]).toEqual(['home', ['/home']]);
    // Spec §2 "Sidebar": home, knowledge base, reporting …, feedback (staff only) last.
    expect(superuser[1]).toEqual(['knowledgeBase', ['/knowledge-base']]);
    expect(superuser[2]).toEqual(['reporting', ['/reporting', '/custom-reporting']]);
    expect(superuser.at(-1)).toEqual(['feedback', ['/internal-feedback', '/support/chat']]);
    // Client users never see the staff-only entries, whatever their roles.
    expect(
      menuFor(['ROLE_SUPERUSER'], { client: true }).some((group) => group.section === 'feedback'),
    ).toBe(false);
    // Custom report administration needs superuser or admin, not just the custom-report admin role.
    expect(paths(['ROLE_CUSTOM_REPORT_ADMIN'])).toEqual([['home', ['/']]]);
  });

  it('never lists the tab pattern route itself', () => {
    expect(paths(['ROLE_ADMIN']).flatMap(([, routes]) => routes)).not.toContain('/reporting/:name');
  });
});
