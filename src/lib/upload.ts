import { rejectionText } from './rejection-text.ts';
import type { UploadReport } from '#contract/entities/upload.ts';
import { ApiError, buildPath, buildQuery, readCookie, toApiError } from '#contract/client.ts';
import type { RouteDef, RouteParams, RouteQuery, RouteResponse } from '#contract/route.ts';

export interface UploadInput<R extends RouteDef> {
  params?: RouteParams<R>;
  query?: RouteQuery<R>;
  /** Form fields beside the file (`vertical`, `enableOnSiteId`, `disableOther` …). */
  fields?: Record<string, string | number | boolean>;
  file: File;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function isUploadReport(body: unknown): body is UploadReport {
  return (
    typeof body === 'object' && body !== null && Array.isArray((body as UploadReport).rejected)
  );
}

/** An upload report's rejection reasons (English from the server) in the console's language. */
function inUserLanguage<T>(body: T): T {
  if (!isUploadReport(body)) return body;
  return {
    ...body,
    rejected: body.rejected.map((row) => ({ ...row, reason: rejectionText(row.reason) })),
  };
}

/**
 * Sends a file to one of the upload calls (multipart, field `file`) with upload progress, which
 * fetch cannot report: XMLHttpRequest. Failures are the same ApiError as every other call.
 */
export function uploadFile<R extends RouteDef>(
  route: R,
  input: UploadInput<R>,
): Promise<RouteResponse<R>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(input.fields ?? {})) form.append(key, String(value));
  form.append('file', input.file, input.file.name);
  const url = `/api${buildPath(route.path, input.params as Record<string, unknown>)}${buildQuery(
    input.query as Record<string, unknown>,
  )}`;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(route.method, url);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    const token = readCookie('XSRF-TOKEN');
    if (token) request.setRequestHeader('x-xsrf-token', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const response = new Response(request.responseText, {
        status: request.status,
        statusText: request.statusText,
        headers: { 'content-type': 'application/json' },
      });
      if (!response.ok) toApiError(response).then(reject, reject);
      else response.json().then((body: RouteResponse<R>) => resolve(inUserLanguage(body)), reject);
    };
    request.onerror = () => reject(new ApiError(0, 'The server did not answer'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    input.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
