/** The spec's text, typo included (part 1, §8: "Token load failure"). */
export const LOAD_ERROR_PREFIX = 'Can not load tokes from url: ';

export class TokenLoadError extends Error {
  readonly url: string;
  constructor(url: string, options?: { cause?: unknown }) {
    super(`${LOAD_ERROR_PREFIX}${url}`, options);
    this.name = 'TokenLoadError';
    this.url = url;
  }
}

export type Fetch = (
  url: string,
  init?: { headers?: Record<string, string>; signal?: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

export const defaultFetch = (): Fetch => globalThis.fetch as unknown as Fetch;
