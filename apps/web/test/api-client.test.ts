import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { BACKGROUND_REQUEST_HEADER, MESSAGE_IDS, type ErrorEnvelope } from '@fleetdesk/contract';
import { ApiError } from '@/lib/api/api-error';
import { base64Utf8, buildUrl, createApiClient } from '@/lib/api/api-client';
import { IDLE_AFTER_MS, USER_INPUT_EVENTS, trackUserActivity } from '@/lib/api/user-activity';
import type { ClientSession } from '@/lib/session/session-schema';

const tokenSession: ClientSession = {
  token: 'tok-123',
  bearerToken: null,
  bearerTokenIssuer: null,
  expires: '2099-01-01T00:00:00.000Z',
  user: { username: 'support' },
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(session: ClientSession | null, response: () => Response) {
  let current = session;
  const fetchMock = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => response());
  const onUnauthorized = vi.fn(() => {
    current = null;
  });
  const client = createApiClient({ getSession: () => current, onUnauthorized, fetch: fetchMock });
  const sent = () => {
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
  };
  return { client, fetchMock, onUnauthorized, sent };
}

describe('api client', () => {
  it("sends the session's token as 'AUTH-TOKEN <token>' and parses JSON with the schema", async () => {
    const { client, sent } = setup(tokenSession, () => json(200, { name: 'Fjord Mobility', extra: true }));
    const fleet = await client.request('/fleets/fjord', { schema: z.object({ name: z.string() }) });
    expect(fleet).toEqual({ name: 'Fjord Mobility' });
    expect(sent().url).toBe('/api/fleets/fjord');
    expect(sent().headers.get('Authorization')).toBe('AUTH-TOKEN tok-123');
  });

  it('hands the headers of a successful answer to onHeaders, and not those of a failed one', async () => {
    const seen: (string | null)[] = [];
    const ok = setup(tokenSession, () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json', 'x-total-count': '42' } }));
    await ok.client.request('/users/anna/bookings', {
      schema: z.array(z.unknown()),
      onHeaders: (headers) => seen.push(headers.get('x-total-count')),
    });
    expect(seen).toEqual(['42']);
    const failed = setup(tokenSession, () => json(404, { httpCode: 404, messageId: 'x', message: 'No', errors: [] }));
    await expect(
      failed.client.request('/users/nobody/bookings', { onHeaders: (headers) => seen.push(headers.get('x-total-count')) }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual(['42']);
  });

  it('uses the bearer scheme with the token issuer when the session has a bearer token', async () => {
    const { client, sent } = setup({ ...tokenSession, token: null, bearerToken: 'jwt.abc', bearerTokenIssuer: 'https://idp.example' }, () =>
      json(200, {}),
    );
    await client.request('/config');
    expect(sent().headers.get('Authorization')).toBe('Bearer jwt.abc');
    expect(sent().headers.get('X-Token-Issuer')).toBe('https://idp.example');
  });

  it('logs in with Basic credentials in UTF-8 base64', async () => {
    const { client, sent } = setup(null, () => json(200, {}));
    await client.request('/auth', { method: 'POST', auth: { basic: { username: 'åse', password: 'pässwörd:1' } } });
    expect(sent().init.method).toBe('POST');
    expect(sent().headers.get('Authorization')).toBe(`Basic ${base64Utf8('åse:pässwörd:1')}`);
    expect(atob(base64Utf8('åse:p'))).not.toBe('åse:p');
    expect(new TextDecoder().decode(Uint8Array.from(atob(base64Utf8('åse:p')), (c) => c.charCodeAt(0)))).toBe('åse:p');
  });

  it("sends no Authorization header for 'none' calls", async () => {
    const { client, sent } = setup(tokenSession, () => json(200, []));
    await client.request('/auth/methods', { auth: 'none', query: { username: 'anna' } });
    expect(sent().url).toBe('/api/auth/methods?username=anna');
    expect(sent().headers.has('Authorization')).toBe(false);
  });

  it('sends JSON bodies and returns undefined for 204', async () => {
    const { client, sent } = setup(tokenSession, () => new Response(null, { status: 204 }));
    await expect(client.request('/password-reset/confirm', { method: 'POST', body: { token: 't', password: 'p' } })).resolves.toBeUndefined();
    expect(sent().headers.get('Content-Type')).toBe('application/json');
    expect(sent().init.body).toBe('{"token":"t","password":"p"}');
  });

  it('throws an ApiError carrying the envelope on non-2xx', async () => {
    const envelope: ErrorEnvelope = {
      httpCode: 400,
      messageId: MESSAGE_IDS.invalidInput,
      message: 'Invalid input',
      errors: [{ field: 'username', message: 'Required' }],
    };
    const { client, onUnauthorized } = setup(tokenSession, () => json(400, envelope));
    const error = await client.request('/users/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, envelope });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('builds an envelope when the error body is not one', async () => {
    const { client } = setup(tokenSession, () => new Response('<html>Server error</html>', { status: 500, statusText: 'Internal Server Error' }));
    const error = await client.request('/pools').catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 500,
      envelope: { httpCode: 500, messageId: MESSAGE_IDS.internal, message: 'Internal Server Error', errors: [] },
    });
  });

  it("reads a proxy's 502 without an envelope as 'unavailable'", async () => {
    const { client } = setup(tokenSession, () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await client.request('/pools').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, envelope: { httpCode: 502, messageId: MESSAGE_IDS.unavailable } });
  });

  it('shows the localized text of an envelope when the client has one, and the server text otherwise', async () => {
    const unavailable = { httpCode: 503, messageId: MESSAGE_IDS.unavailable, message: 'The service is not available right now.', errors: [] };
    const conflict = { httpCode: 409, messageId: MESSAGE_IDS.conflict, message: 'Server text', errors: [] };
    let answer: object = unavailable;
    const localize = vi.fn((envelope: ErrorEnvelope) =>
      envelope.messageId === MESSAGE_IDS.unavailable ? 'Tjenesten er ikke tilgjengelig' : undefined,
    );
    const client = createApiClient({ getSession: () => tokenSession, onUnauthorized: vi.fn(), localize, fetch: async () => json(503, answer) });
    await expect(client.request('/pools')).rejects.toMatchObject({
      status: 503,
      envelope: { messageId: MESSAGE_IDS.unavailable, message: 'Tjenesten er ikke tilgjengelig' },
    });
    answer = conflict;
    await expect(client.request('/pools')).rejects.toMatchObject({ envelope: { message: 'Server text' } });
  });

  it('ends the session on a 401 of a session call', async () => {
    const { client, onUnauthorized } = setup(tokenSession, () =>
      json(401, { httpCode: 401, messageId: MESSAGE_IDS.unauthorized, message: 'You need to log in', errors: [] }),
    );
    await expect(client.request('/users/anna')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledWith(tokenSession);
  });

  it('does not end the session on a 401 of the login itself', async () => {
    const { client, onUnauthorized } = setup(null, () =>
      json(401, { httpCode: 401, messageId: MESSAGE_IDS.wrongCredentials, message: 'Wrong', errors: [] }),
    );
    await expect(client.request('/auth', { method: 'POST', auth: { basic: { username: 'a', password: 'b' } } })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('builds query strings without empty values and with repeated lists', () => {
    expect(buildUrl('/api', '/events', { vin: 'VIN1', bid: undefined, user: '', groups: ['Booking', 'Payment'], page: 0 })).toBe(
      '/api/events?vin=VIN1&groups=Booking&groups=Payment&page=0',
    );
  });
});

/** A clock the test moves by hand (no wall clock) and a window stand-in to dispatch input on. */
function fakeTab() {
  let now = 1_700_000_000_000;
  const target = new EventTarget();
  return {
    target,
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    input: (type: (typeof USER_INPUT_EVENTS)[number]) => target.dispatchEvent(new Event(type)),
  };
}

describe('background requests (idle sessions)', () => {
  it('marks reads made while the tab is idle with X-Fleetdesk-Background: 1, and never a mutation', async () => {
    let idle = true;
    const fetchMock = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, {}));
    const client = createApiClient({ getSession: () => tokenSession, onUnauthorized: vi.fn(), fetch: fetchMock, isBackground: () => idle });
    const header = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get(BACKGROUND_REQUEST_HEADER);

    await client.request('/activebookings');
    await client.request('/bookings/BID1/billing', { method: 'POST', body: {} });
    await client.request('/staff/kari', { method: 'PATCH', body: { disabled: true } });
    await client.request('/bookings/BID1', { method: 'PUT', body: {} });
    await client.request('/damage/1', { method: 'DELETE' });
    expect([0, 1, 2, 3, 4].map(header)).toEqual(['1', null, null, null, null]);
    expect(BACKGROUND_REQUEST_HEADER).toBe('X-Fleetdesk-Background');

    idle = false;
    await client.request('/activebookings');
    expect(header(5)).toBeNull();

    // The session refresh is a POST the client makes on its own timer: it may say so; a GET may opt out.
    idle = true;
    await client.request('/auth', { method: 'POST', background: true });
    await client.request('/config', { background: false });
    expect([header(6), header(7)]).toEqual(['1', null]);
  });

  it('counts keys, pointers, wheel and touch as input, and is idle only after more than a minute without any', () => {
    const tab = fakeTab();
    const activity = trackUserActivity({ target: tab.target, now: tab.now });
    // The start counts as input: a tab just opened was opened by someone.
    expect(activity.isIdle()).toBe(false);
    tab.advance(IDLE_AFTER_MS);
    expect(activity.isIdle()).toBe(false);
    tab.advance(1);
    expect(activity.isIdle()).toBe(true);

    for (const type of USER_INPUT_EVENTS) {
      tab.input(type);
      expect(activity.isIdle(), type).toBe(false);
      tab.advance(IDLE_AFTER_MS + 1);
      expect(activity.isIdle(), type).toBe(true);
    }
    // Other events (a timer's, the mouse merely passing over) are no use.
    tab.target.dispatchEvent(new Event('mousemove'));
    tab.target.dispatchEvent(new Event('visibilitychange'));
    expect(activity.isIdle()).toBe(true);

    activity.stop();
    tab.input('keydown');
    expect(activity.isIdle()).toBe(true);
  });

  it('listens passively, in the capture phase, once per input type', () => {
    const tab = fakeTab();
    const add = vi.spyOn(tab.target, 'addEventListener');
    trackUserActivity({ target: tab.target, now: tab.now });
    expect(add.mock.calls.map(([type, , options]) => [type, options])).toEqual(
      USER_INPUT_EVENTS.map((type) => [type, { passive: true, capture: true }]),
    );
  });

  it('together: a poll after a minute of nothing is marked, the next one after a key press is not', async () => {
    const tab = fakeTab();
    const activity = trackUserActivity({ target: tab.target, now: tab.now, idleAfterMs: IDLE_AFTER_MS });
    const fetchMock = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, {}));
    const client = createApiClient({ getSession: () => tokenSession, onUnauthorized: vi.fn(), fetch: fetchMock, isBackground: activity.isIdle });
    const marked = () => new Headers(fetchMock.mock.calls.at(-1)?.[1]?.headers).get(BACKGROUND_REQUEST_HEADER) === '1';

    tab.advance(30_000);
    await client.request('/activebookings');
    expect(marked()).toBe(false);
    tab.advance(60_000);
    await client.request('/activebookings');
    expect(marked()).toBe(true);
    tab.input('pointerdown');
    tab.advance(5_000);
    await client.request('/activebookings');
    expect(marked()).toBe(false);
    activity.stop();
  });
});
