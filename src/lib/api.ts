import i18next from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, createApiClient, type CallInput } from '#contract/client.ts';
import { isRead, type RouteDef, type RouteResponse } from '#contract/route.ts';
import { FORM_ROOT_ERROR } from '#src/ui/form/form-root-error.ts';
import { toast } from '#src/ui/toast/toast-store.ts';
import { errorText } from './error-text.ts';
import { useActivityStore } from '#src/stores/activity-store.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';

const call = createApiClient();

export const DEFAULT_SESSION_LENGTH = 3600;

/** The session length the server sent in the readable SESSION_LENGTH cookie (spec §9). */
export function sessionLength(): number {
  const match = document.cookie.split('; ').find((part) => part.startsWith('SESSION_LENGTH='));
  const value = Number(match?.split('=')[1]);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_SESSION_LENGTH;
}

let navigate: (path: string) => void = (path) => window.location.assign(path);
let homePath = () => '/home';
const forbiddenListeners = new Set<() => void>();

/** The router hands over its navigate function and where a 403 sends the user (/home, spec §8). */
export function connectNavigation(options: {
  navigate: (path: string) => void;
  homePath: () => string;
}) {
  navigate = options.navigate;
  homePath = options.homePath;
}

/** Called on every 403 answer (the signed-in frame re-reads the user's roles); returns the unsubscribe. */
export function onForbidden(listener: () => void): () => void {
  forbiddenListeners.add(listener);
  return () => {
    forbiddenListeners.delete(listener);
  };
}

export interface CallOptions {
  /** Show the global loading overlay while the call runs. @default true */
  overlay?: boolean;
  /**
   * No error toast (the caller shows the error itself, e.g. on form fields). Reads are quiet by
   * default: listing calls swallow their errors (spec part 1 §8, part 2 §8), the screen shows what
   * it has (an empty list); a 401 or 403 still signs out or sends home. @default true for reads
   */
  quiet?: boolean;
  /** The success toast of a write; false for none. @default true for writes, never for reads (`isRead`) */
  successToast?: boolean | string;
}

/** The 403s of actions (writes): a message on the page, not the page-load redirect home. */
const refusedActions = new WeakSet<ApiError>();

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Turns a failure into what the user sees (spec §8): redirects, or one error toast. */
export function reportError(error: unknown, options: Pick<CallOptions, 'quiet'> = {}): void {
  if (isAbort(error)) return;
  const t = i18next.t.bind(i18next);
  if (error instanceof ApiError && error.status === 401) {
    useAuthStore.getState().signedOut();
    if (window.location.pathname !== '/login') navigate('/login');
    return;
  }
  if (error instanceof ApiError && error.status === 403) {
    // The roles may have changed on the server: the frame reads them again either way.
    for (const listener of forbiddenListeners) listener();
    if (!refusedActions.has(error)) {
      // A screen's reads refused: the page cannot be shown (spec §2, a 403 sends the user home).
      navigate(homePath());
      return;
    }
    // An action refused: the user stays on the page and reads why.
  }
  if (options.quiet) return;
  if (error instanceof ApiError && error.status > 0) {
    // Spec §8: the status and the message on two lines; the status is named, never a bare number.
    toast.error(
      t('ui.toast.errorTitle'),
      `${t('errors.status', { status: error.status })}\n${errorText(error, t)}`,
    );
  } else {
    const text = error instanceof Error ? error.message : '';
    toast.error(
      t('ui.toast.errorTitle'),
      text ? t('errors.withMessage', { message: text }) : t('errors.network'),
    );
  }
}

/** Every console call goes through here: overlay, session clock, error handling, success toast. */
export async function api<R extends RouteDef>(
  route: R,
  input: CallInput<R>,
  options: CallOptions = {},
): Promise<RouteResponse<R>> {
  const overlay = options.overlay ?? true;
  const activity = useActivityStore.getState();
  if (overlay) activity.begin();
  try {
    const result = await call(route, input);
    useAuthStore.getState().touched(sessionLength());
    const toastSuccess = options.successToast ?? !isRead(route);
    if (toastSuccess) {
      const t = i18next.t.bind(i18next);
      toast.success(
        t('ui.toast.successTitle'),
        typeof toastSuccess === 'string' ? toastSuccess : t('ui.toast.successMessage'),
      );
    }
    return result;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && !isRead(route))
      refusedActions.add(error);
    reportError(error, { quiet: options.quiet ?? isRead(route) });
    throw error;
  } finally {
    if (overlay) activity.end();
  }
}

/** Puts a 400's zod issues on the form's fields (STYLE.md 15); true when any landed. */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400 || error.issues.length === 0)
    return false;
  for (const issue of error.issues) {
    const [, ...path] = issue.path;
    if (path.length)
      setError(path.join('.') as Path<T>, { type: 'server', message: issue.message });
  }
  return true;
}

/**
 * A refused save on its form: a 400's issues on their fields, else the refusal's text in the
 * reader's language above the buttons.
 */
export function showSaveError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): void {
  if (applyServerIssues(error, setError)) return;
  setError(`root.${FORM_ROOT_ERROR}` as Path<T>, {
    message: error instanceof ApiError ? errorText(error) : String(error),
  });
}
