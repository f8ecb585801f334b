import { useEffect, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isStaff } from '#contract/roles.ts';
import { logoutRoute } from '#contract/routes/auth.ts';
import { queryClient } from '#src/app/query-client.ts';
import { api } from '#src/lib/api.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { SiteBlock } from './site-block.tsx';
import { SidebarMenu } from './sidebar-menu.tsx';

export function Sidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useAuthStore((state) => state.me)!;
  const signedOut = useAuthStore((state) => state.signedOut);
  const { demoMode, showDisabledSites, setDemoMode, setShowDisabledSites } = useSiteStore();
  // Client users (and anyone holding neither staff role) do not get the staff toggles (spec §1, §6).
  const staff = !me.isClient && isStaff(me.roles);

  const logout = async () => {
    await api(logoutRoute, {}, { successToast: false, quiet: true }).catch(() => undefined);
    signedOut();
    queryClient.clear();
    navigate('/login');
  };

  // Below 960 px the sidebar is a drawer behind a menu button (CSS hides the button on wide screens).
  // Open for the page it was opened on: a navigation closes it without an effect.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        type="button"
        className="sidebar-toggle"
        aria-expanded={open}
        aria-controls="sidebar"
        aria-label={t(open ? 'shell.menuClose' : 'shell.menuOpen')}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{open ? '✕' : '☰'}</span>
      </button>
      {open && (
        <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setOpen(false)} />
      )}
      <aside id="sidebar" className={open ? 'sidebar sidebar--open' : 'sidebar'}>
        <div className="sidebar__brand">Vitrina</div>
        {!demoMode && <SiteBlock />}
        <SidebarMenu roles={me.roles} client={!staff} />
        <div className="sidebar__footer">
          {staff && (
            <div className="sidebar__toggles">
              <Checkbox
                label={t('shell.demoMode')}
                checked={demoMode}
                onChange={(e) => setDemoMode(e.target.checked)}
              />
              <Checkbox
                label={t('shell.showDisabledSites')}
                checked={showDisabledSites}
                onChange={(e) => setShowDisabledSites(e.target.checked)}
              />
            </div>
          )}
          <div className="sidebar__user">
            <NavLink to="/profile" className="sidebar__login" title={t('routes.profile')}>
              {me.name || me.login}
            </NavLink>
            <button type="button" className="sidebar__logout" onClick={() => void logout()}>
              {t('shell.logout')}
            </button>
          </div>
        </div>
      </aside>
    </>
  );
}
