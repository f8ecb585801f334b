import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SidebarMenu } from '#src/layout/sidebar-menu.tsx';
import { fakeReportApi } from './fake-api.ts';
import { renderPage } from './render-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const tabs = [
  {
    id: 1,
    title: 'Продажи',
    pathName: 'prodazhi',
    chartsIds: [],
    login: 'designer',
    enabled: true,
  },
  {
    id: 2,
    title: 'Скрытая',
    pathName: 'skrytaya',
    chartsIds: [],
    login: 'designer',
    enabled: false,
  },
];

describe('sidebar entries of custom report tabs', () => {
  it('lists only the enabled tabs, each linking to /reporting/{pathName}', async () => {
    fakeReportApi({
      periods: {},
      other: (call) => (call.path === '/api/custom-report' ? tabs : undefined),
    });
    renderPage(<SidebarMenu roles={['ROLE_CUSTOM_REPORT_VIEW']} client={false} />, {
      roles: ['ROLE_CUSTOM_REPORT_VIEW'],
    });
    // Folded: the current page (/) is not in reporting.
    const section = await screen.findByRole('button', { name: 'Отчётность' });
    expect(section).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(section);
    expect(await screen.findByRole('link', { name: 'Продажи' })).toHaveAttribute(
      'href',
      '/reporting/prodazhi',
    );
    expect(screen.queryByRole('link', { name: 'Скрытая' })).toBeNull();
  });

  it('asks nothing without the custom-report view role', async () => {
    const api = fakeReportApi({ periods: {}, other: () => tabs });
    renderPage(<SidebarMenu roles={['ROLE_SITE_VIEW']} client={false} />, {
      roles: ['ROLE_SITE_VIEW'],
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Отчётность' })).toBeNull();
  });
});
