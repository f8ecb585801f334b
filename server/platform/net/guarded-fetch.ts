/**
 * The one way the server fetches a URL an operator gave it (feeds, token CDN, JSON storage,
 * content feeds). Internal addresses are refused when the connection resolves its host name (no
 * window between the check and the connect for DNS rebinding) and again on every redirect hop,
 * which is followed by hand; `file://` only under DATA_DIR; connect, idle and total timeouts and
 * a size cap (after decompression) on every fetch; the caller's AbortSignal cancels it.
 */
import {
  FetchError,
  REDIRECTS,
  type GuardedFetchOptions,
  type GuardedResponse,
} from './fetch-policy.ts';
import { openFile } from './file-read.ts';
import { request } from './http-request.ts';

export {
  FetchError,
  fetchPolicy,
  type FetchErrorCode,
  type FetchPolicy,
  type FetchSettings,
  type GuardedFetchOptions,
  type GuardedResponse,
  type Resolver,
} from './fetch-policy.ts';

/** Fetches a URL under the policy. Only 2xx answers come back; anything else throws FetchError. */
export async function guardedFetch(
  input: string,
  options: GuardedFetchOptions,
): Promise<GuardedResponse> {
  const { policy } = options;
  const maxBytes = options.maxBytes ?? policy.maxBytes;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchError('bad-url', `Not a valid URL: ${input.slice(0, 200)}`);
  }
  if (url.protocol === 'file:') return openFile(url, policy, maxBytes, options.signal);
  const deadline = Date.now() + policy.totalTimeoutMs;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new FetchError(
        'unsupported-scheme',
        `Only http and https URLs are fetched${hop ? ' (a redirect led to ' + url.protocol + ')' : ''}`,
        { scheme: url.protocol },
      );
    if (url.username || url.password) url = new URL(url.href.replace(/\/\/[^@/]*@/, '//'));
    const answer = await request(url, options, maxBytes, deadline);
    if (REDIRECTS.has(answer.status) && answer.location !== undefined) {
      if (hop >= policy.maxRedirects)
        throw new FetchError('too-many-redirects', `More than ${policy.maxRedirects} redirects`, {
          limit: policy.maxRedirects,
        });
      try {
        url = new URL(answer.location, url);
      } catch {
        throw new FetchError('bad-url', `A redirect leads to an invalid URL`);
      }
      continue;
    }
    if (answer.status < 200 || answer.status > 299) {
      answer.close();
      throw new FetchError('http-status', `The server answered HTTP ${answer.status}`, {
        status: answer.status,
      });
    }
    return {
      url: url.href,
      status: answer.status,
      headers: answer.headers,
      size: answer.size,
      body: answer.body,
    };
  }
}
