import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Me } from '#contract/entities/user.ts';

interface AuthState {
  me: Me | null;
  /** When the session ends (ms since epoch); moved forward by every answered call. */
  expiresAt: number | null;
  signedIn(me: Me): void;
  touched(lengthSeconds: number): void;
  signedOut(): void;
}

/** Who is signed in, kept in localStorage (spec §3 User) and re-checked with /api/me on load. */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      me: null,
      expiresAt: null,
      signedIn: (me) => set({ me, expiresAt: Date.parse(me.sessionExpiresAt) }),
      touched: (lengthSeconds) =>
        set((state) => (state.me ? { expiresAt: Date.now() + lengthSeconds * 1000 } : state)),
      signedOut: () => set({ me: null, expiresAt: null }),
    }),
    { name: 'vitrina.auth' },
  ),
);
