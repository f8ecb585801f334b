import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface SiteState {
  /** The site the console works on. */
  siteId: number | null;
  /** Staff view options (hidden from client users). */
  demoMode: boolean;
  showDisabledSites: boolean;
  selectSite(siteId: number | null): void;
  setDemoMode(on: boolean): void;
  setShowDisabledSites(on: boolean): void;
}

export const useSiteStore = create<SiteState>()(
  persist(
    (set) => ({
      siteId: null,
      demoMode: false,
      showDisabledSites: true,
      selectSite: (siteId) => set({ siteId }),
      setDemoMode: (demoMode) => set({ demoMode }),
      setShowDisabledSites: (showDisabledSites) => set({ showDisabledSites }),
    }),
    { name: 'vitrina.site' },
  ),
);
