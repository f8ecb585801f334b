import { HttpError } from './http-error.ts';

/** A bounded query ran out of time (PUBLIC_QUERY_TIMEOUT_MS): 503, the caller may retry later. */
export class QueryTimeoutError extends HttpError {
  constructor(timeoutMs: number) {
    super(
      503,
      `The query took longer than ${timeoutMs} ms and was stopped; narrow it down or try again later`,
    );
    this.name = 'QueryTimeoutError';
  }
}

/** The embedded database was restarted under a call (watchdog): 503, the caller may retry. */
export class DatabaseRestartedError extends HttpError {
  constructor(reason: string) {
    super(503, `The database was restarted (${reason}); try again`);
    this.name = 'DatabaseRestartedError';
  }
}

/** The error itself or one of its causes (drizzle wraps driver errors in DrizzleQueryError). */
export function findCause<T>(
  error: unknown,
  test: (candidate: unknown) => candidate is T,
): T | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 10; depth++) {
    if (test(e)) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL's query_canceled (statement_timeout). */
export const isStatementTimeout = (error: unknown): error is { code: string } =>
  (error as { code?: unknown } | null)?.code === '57014';
