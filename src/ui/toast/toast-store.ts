import { create } from 'zustand';

export type ToastKind = 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  /** When absent the bar shows the default title of the kind ('SUCCESS' / 'ERROR!'). */
  title?: string;
  /** May hold several lines (status and server message). */
  message?: string;
  /** @default 3000 */
  durationMs: number;
}

export const TOAST_DURATION_MS = 3000;

interface ToastState {
  toasts: Toast[];
  push: (toast: Omit<Toast, 'id' | 'durationMs'> & { durationMs?: number }) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  push: ({ durationMs = TOAST_DURATION_MS, ...toast }) => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { id, durationMs, ...toast }] }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

/**
 * Toasts from anywhere (query callbacks, fetchers). Without a title or message the bar
 * shows the defaults: 'SUCCESS' / 'Operation was successful!' and 'ERROR!'.
 */
export const toast = {
  success: (title?: string, message?: string, durationMs?: number) =>
    useToastStore.getState().push({ kind: 'success', title, message, durationMs }),
  error: (title?: string, message?: string, durationMs?: number) =>
    useToastStore.getState().push({ kind: 'error', title, message, durationMs }),
  dismiss: (id: number) => useToastStore.getState().dismiss(id),
};
