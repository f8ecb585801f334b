import { create } from 'zustand';

interface ActivityState {
  /** Calls in flight that show the global loading overlay. */
  pending: number;
  begin(): void;
  end(): void;
}

export const useActivityStore = create<ActivityState>()((set) => ({
  pending: 0,
  begin: () => set((state) => ({ pending: state.pending + 1 })),
  end: () => set((state) => ({ pending: Math.max(0, state.pending - 1) })),
}));
