import { API_BASE, buildUrl, sessionHeaders } from '@/lib/api/api-client';
import { ApiError, envelopeFromBody } from '@/lib/api/api-error';
import { sessionStore } from '@/lib/api/client';

export interface BlobResponse {
  blob: Blob;
  /** The file name of the Content-Disposition header, when the server sent one. */
  filename: string | null;
}

/** A path under /api ('/damage/1/image'), or an address the server gave ('/api/…' or absolute). */
function resolveUrl(pathOrUrl: string, query?: Record<string, string | number>): string {
  if (/^https?:\/\//.test(pathOrUrl) || pathOrUrl.startsWith(`${API_BASE}/`)) return buildUrl('', pathOrUrl, query);
  return buildUrl(API_BASE, pathOrUrl, query);
}

/** The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first, else `filename="…"`. */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const value = plain?.[2] ?? plain?.[1];
  return value ? value.trim() : null;
}

/**
 * GET of a binary answer (a photo, a spreadsheet) with the session's auth headers, as the API client sends
 * them. The API client reads answers as text or JSON, so binaries take this path; errors still arrive as
 * ApiError with the §8 envelope, and a 401 with the current session ends it like any other call.
 */
export async function fetchBlob(
  pathOrUrl: string,
  options: { query?: Record<string, string | number>; signal?: AbortSignal } = {},
): Promise<BlobResponse> {
  const session = sessionStore.getSession();
  const response = await fetch(resolveUrl(pathOrUrl, options.query), {
    headers: { Accept: '*/*', ...sessionHeaders(session) },
    signal: options.signal,
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      // Not JSON: the envelope is built from the status.
    }
    if (response.status === 401 && session && sessionStore.getSession() === session) sessionStore.clear('unauthorized');
    throw new ApiError(response.status, await envelopeFromBody(response.status, response.statusText, body));
  }
  return { blob: await response.blob(), filename: filenameFromContentDisposition(response.headers.get('content-disposition')) };
}

/** Saves a blob as a file through a temporary object URL and a link with the download attribute. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked a moment later: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
