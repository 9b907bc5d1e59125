import { BACKGROUND_REQUEST_HEADER, type ErrorEnvelope } from '@fleetdesk/contract';
import type { z } from 'zod';
import type { ClientSession } from '../session/session-schema';
import { ApiError, envelopeFromBody } from './api-error';

export const API_BASE = '/api';

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * How a call authenticates:
 * - 'session' (default): the current session's token; a 401 ends the session;
 * - 'none': no header (login methods, password reset, config);
 * - basic: user name and password (login);
 * - session: a given session, e.g. the one being logged out.
 */
export type RequestAuth = 'session' | 'none' | { basic: { username: string; password: string } } | { session: ClientSession };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON; FormData is sent as it is. */
  body?: unknown;
  auth?: RequestAuth;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`); the auth and content headers are set by the client. */
  headers?: Record<string, string>;
  /** Called with the headers of a successful answer (e.g. a total count beside a page). */
  onHeaders?: (headers: Headers) => void;
  /**
   * Whether the request is marked BACKGROUND_REQUEST_HEADER while the tab is idle. Default: reads (GET) yes, anything
   * else no, since a change is someone's doing. The session refresh, a POST the client makes on its own timer, says yes.
   */
  background?: boolean;
}

export interface ApiClientOptions {
  getSession: () => ClientSession | null;
  /** A call made with the current session answered 401. */
  onUnauthorized: (session: ClientSession) => void;
  fetch?: typeof fetch;
  baseUrl?: string;
  /** The text of an error envelope in the staff member's language, when the client has one for it. */
  localize?: (envelope: ErrorEnvelope) => string | undefined;
  /** True while nobody uses this tab: GET requests then carry BACKGROUND_REQUEST_HEADER. */
  isBackground?: () => boolean;
}

/**
 * The schema a successful answer is checked against: the schema itself, or a function that loads it. A screen of the
 * first load (the login page, the shell) passes a loader, so that zod and the contract's schemas download with the
 * first answer to check rather than with the page (issue 15; docs/decisions/0043-fast-first-load.md).
 */
export type ResponseSchema<S extends z.ZodType> = S | (() => Promise<S>);

export interface ApiClient {
  request(path: string, options?: RequestOptions): Promise<unknown>;
  request<S extends z.ZodType>(path: string, options: RequestOptions & { schema: ResponseSchema<S> }): Promise<z.output<S>>;
}

/** Base64 of UTF-8 bytes: `btoa` alone fails on characters outside Latin-1. */
export function base64Utf8(value: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The Authorization headers of a session: the bearer scheme when it has one, else `AUTH-TOKEN`. */
export function sessionHeaders(session: ClientSession | null): Record<string, string> {
  if (!session) return {};
  if (session.bearerToken) {
    const headers: Record<string, string> = { Authorization: `Bearer ${session.bearerToken}` };
    if (session.bearerTokenIssuer) headers['X-Token-Issuer'] = session.bearerTokenIssuer;
    return headers;
  }
  return session.token ? { Authorization: `AUTH-TOKEN ${session.token}` } : {};
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(name, String(item)));
    else params.append(name, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The one fetch wrapper of the app: auth headers, JSON, and errors as ApiError with the §8 envelope. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? API_BASE;

  function request(path: string, requestOptions?: RequestOptions): Promise<unknown>;
  function request<S extends z.ZodType>(path: string, requestOptions: RequestOptions & { schema: ResponseSchema<S> }): Promise<z.output<S>>;
  async function request(path: string, requestOptions: RequestOptions & { schema?: ResponseSchema<z.ZodType> } = {}): Promise<unknown> {
    const { method = 'GET', query, body, auth = 'session', signal, schema } = requestOptions;
    const headers: Record<string, string> = { Accept: 'application/json', ...requestOptions.headers };
    if ((requestOptions.background ?? method === 'GET') && options.isBackground?.()) headers[BACKGROUND_REQUEST_HEADER] = '1';
    let sentSession: ClientSession | null = null;

    if (auth === 'session') {
      sentSession = options.getSession();
      Object.assign(headers, sessionHeaders(sentSession));
    } else if (auth !== 'none' && 'basic' in auth) {
      headers.Authorization = `Basic ${base64Utf8(`${auth.basic.username}:${auth.basic.password}`)}`;
    } else if (auth !== 'none') {
      Object.assign(headers, sessionHeaders(auth.session));
    }

    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }

    const doFetch = options.fetch ?? fetch;
    const response = await doFetch(buildUrl(baseUrl, path, query), { method, headers, body: payload, signal });
    const data = await readBody(response);

    if (!response.ok) {
      const envelope = await envelopeFromBody(response.status, response.statusText, data);
      const localized = options.localize?.(envelope);
      const error = new ApiError(response.status, localized ? { ...envelope, message: localized } : envelope);
      // Only a call made with the session that is still current ends it: a late answer to an old token
      // must not log out a fresh login.
      if (response.status === 401 && sentSession && options.getSession() === sentSession) {
        options.onUnauthorized(sentSession);
      }
      throw error;
    }
    const parsed: unknown = schema ? (typeof schema === 'function' ? await schema() : schema).parse(data) : data;
    requestOptions.onHeaders?.(response.headers);
    return parsed;
  }

  return { request };
}
