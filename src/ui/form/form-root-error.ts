/**
 * The key under `errors.root` where a caller puts a whole-form (server) error. Its own module so
 * that `src/lib/api.ts`, in the sign-in route's bundle, names it without pulling in the form kit.
 */
export const FORM_ROOT_ERROR = 'server';
