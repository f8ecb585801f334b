/** An expected failure with the status and message the caller sees. */
export class HttpError extends Error {
  readonly status: number;
  readonly details: unknown;
  /** Fields of the error envelope beyond status and message (`issues`, `conflict`). */
  readonly fields: Record<string, unknown> | undefined;

  constructor(
    status: number,
    message: string,
    details?: unknown,
    fields?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.details = details;
    this.fields = fields;
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const forbidden = (message = 'Access denied') => new HttpError(403, message);
export const conflict = (message: string, details?: unknown) =>
  new HttpError(409, message, details);

/** PostgreSQL's unique-violation code, the same in PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
