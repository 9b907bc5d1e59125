import { vi } from 'vitest';
import type {
  ActiveBookingsResponse,
  AlarmBulkResponse,
  AuthenticationMethod,
  AuthResponse,
  AvailabilityResponse,
  BatchCreateResponse,
  Booking,
  BulkApproveResponse,
  ClientConfig,
  CompanyDetail,
  CompanyTreeResponse,
  CompanyUsersResponse,
  Contract,
  CustomerTimelineResponse,
  Damage,
  ErrorEnvelope,
  EventSearchResponse,
  Fleet,
  FleetByUsernameResponse,
  JournalResponse,
  LicenseCheck,
  MembershipCheckResponse,
  OutOfServiceResponse,
  Payment,
  PaymentMethodsResponse,
  PendingDeletionResponse,
  Pool,
  PoolBookingsResponse,
  PoolGroupsResponse,
  PoolVehicle,
  PriceResponse,
  SearchBooking,
  StaffList,
  StaffMember,
  SupportSearchResponse,
  SuspiciousUsersResponse,
  TopLevelCompany,
  UsablePool,
  UserBookingsListItem,
  UserDetail,
  UserDuplicatesResponse,
  UserPaymentsResponse,
  Vehicle,
  VehicleCommandResult,
  VehicleStatus,
  ZAlarmListResponse,
  ZBookingEventsResponse,
  ZChargingPinResponse,
  ZContractRulesResponse,
  ZStaffResetPasswordResponse,
  ZPasswordResetResponse,
  ZSearchBookingsPage,
  ZSearchUsersPage,
  ZSearchVehiclesPage,
  ZSuggestionsResponse,
  ZUserSearchResponse,
} from '@fleetdesk/contract';
import type { z } from 'zod';

/**
 * One typed fake backend for the web tests (docs/decisions/0047-test-clock.md): a test says what the server answers
 * per route, typed by the contract's response types, and reads back what the screen sent. It replaces `fetch` for the
 * test file (vi.stubGlobal), so the app's real API client, query client and parsing run unchanged.
 *
 *   const backend = fakeBackend();                     // in beforeEach: GET /api/config and /api/fleets/fjord answered
 *   backend.on('GET /api/pools', () => POOLS);          // the answer's type is the route's contract type
 *   backend.on('GET /api/pools/:poolId/bookings', ({ params, query }) => answerFor(params.poolId, query));
 *   backend.on('GET /api/bookings/:bid', () => backend.error(404, 'errorId.core.booking.notFound', 'Booking not found.'));
 *   backend.on('GET /api/users/:username/license/checks', inTurn(() => backend.error(500, 'errorId.core.internal', 'Boom'), () => []));
 *   expect(backend.calls.filter((c) => c.path === '/api/pools/4/bookings')).toHaveLength(2);
 *
 * A handler returns the body (sent as 200 JSON), a Response (another status, an error envelope) or undefined to let
 * the next handler answer; the handler registered last is asked first. A route nobody answers gets the 404 envelope.
 */

/**
 * The routes the tests answer, with the body the server sends for each (spec §7). Add a route when a test needs it.
 * A route typed `never` answers without a body: its handler returns `noContent()` or an error.
 */
export interface BackendRoutes {
  'GET /api/config': ClientConfig;
  'GET /api/auth/methods': AuthenticationMethod[];
  'POST /api/auth': AuthResponse;
  'DELETE /api/auth': never;
  'POST /api/password-reset': z.input<typeof ZPasswordResetResponse>;
  'POST /api/password-reset/confirm': never;
  'GET /api/fleets/:fleet': Fleet;
  'GET /api/fleets/by-username/:username': FleetByUsernameResponse;
  'GET /api/pools': Pool[];
  'GET /api/pools/groups': PoolGroupsResponse;
  'GET /api/pools/:poolId/vehicles': PoolVehicle[];
  'GET /api/pools/:poolId/bookings': PoolBookingsResponse;
  'GET /api/activebookings': ActiveBookingsResponse;
  /** Creates a booking; the server answers 201 with it. */
  'POST /api/bookings': Booking;
  /** The booking form's questions (§5): free vehicles, the price, the contract's rules, the customer's recent choices. */
  'GET /api/availability': AvailabilityResponse;
  'POST /api/price': PriceResponse;
  'GET /api/contracts/:contractId/rules': z.input<typeof ZContractRulesResponse>;
  'GET /api/bookings/suggestions': z.input<typeof ZSuggestionsResponse>;
  'GET /api/bookings/:bid': Booking;
  /** Changes the booking (the form's edit); answers it as it is now. */
  'PUT /api/bookings/:bid': Booking;
  /** Switches the payment type; answers the booking (the creation dialog's 'Convert to invoice' reads nothing of it). */
  'PUT /api/bookings/:bid/paymentType': Booking;
  /** Fees and credits (§5), with an Idempotency-Key; answers the booking. */
  'POST /api/bookings/:bid/billing': Booking;
  'GET /api/bookings/:bid/events': z.input<typeof ZBookingEventsResponse>;
  /** The booking card's actions (§4): each answers the booking as it is now. */
  'POST /api/bookings/:bid/activate-without-pin': Booking;
  'POST /api/bookings/:bid/deactivate': Booking;
  'POST /api/bookings/:bid/force-deactivate-without-pin': Booking;
  'DELETE /api/bookings/:bid': Booking;
  'PUT /api/bookings/:bid/adjust': Booking;
  'PUT /api/bookings/:bid/adjustedValues': Booking;
  'POST /api/bookings/:bid/undo-extension': Booking;
  /** The user search (the booking form's customer field): one page. */
  'GET /api/users': z.input<typeof ZUserSearchResponse>;
  'GET /api/users/:username': UserDetail;
  'GET /api/users/:username/contracts': Contract[];
  'GET /api/users/:username/usable-pools': UsablePool[];
  /** The user actions (§4): each answers the user as it is now. */
  'POST /api/users/:username/verify-identity': UserDetail;
  'POST /api/users/:username/approve': UserDetail;
  'PUT /api/users/:username/identity': UserDetail;
  'GET /api/users/:username/license/checks': LicenseCheck[];
  /** This operator's users sharing details with the user, and the counts per operator. */
  'GET /api/users/:username/duplicate': UserDuplicatesResponse;
  'GET /api/users/:username/payments': UserPaymentsResponse;
  'GET /api/users/:username/payments/methods': PaymentMethodsResponse;
  /** With `dryRun` the plan, else per user what was done. */
  'POST /api/admin/users/approved': BulkApproveResponse;
  'GET /api/admin/users/suspicious': SuspiciousUsersResponse;
  'GET /api/admin/users/pending-deletion': PendingDeletionResponse;
  /** The payment after the change (§4 payment actions); a refused card answers 400. */
  'PUT /api/payments/:orderId/status': Payment;
  'POST /api/payments/:orderId/retry': Payment;
  'POST /api/payments/:orderId/release': Payment;
  'GET /api/companies': CompanyTreeResponse;
  'GET /api/companies/top-level': TopLevelCompany[];
  'GET /api/companies/:id': CompanyDetail;
  /** One page of the company's users, sorted as asked. */
  'GET /api/companies/:id/users': CompanyUsersResponse;
  /** The company list's refresh: the first answers 204, the second the tree read afresh. */
  'POST /api/users/initCache': never;
  'POST /api/companies/refresh-cache': CompanyTreeResponse;
  /** Batch user creation from a .csv (multipart); a refused file answers 400 with the lines' errors. */
  'POST /api/users/createBatch': BatchCreateResponse;
  'GET /api/users/:username/timeline': CustomerTimelineResponse;
  /** §7 check membership: whether the code confirmed it, and the user as it is now. */
  'POST /api/users/:username/membership/check': MembershipCheckResponse;
  /** One page (offset, limit) of the user's bookings; the total in the X-Total-Count header. */
  'GET /api/users/:username/bookings': UserBookingsListItem[];
  'GET /api/events': EventSearchResponse;
  /** The support search (§2): every group's first page. */
  'GET /api/search': SupportSearchResponse;
  /** The pages after the first, from a cursor. */
  'GET /api/search/vehicles': z.input<typeof ZSearchVehiclesPage>;
  'GET /api/search/users': z.input<typeof ZSearchUsersPage>;
  'GET /api/search/bookings': z.input<typeof ZSearchBookingsPage>;
  'GET /api/charging/activation-data': z.input<typeof ZChargingPinResponse>;
  'GET /api/alarms': z.input<typeof ZAlarmListResponse>;
  /** With `dryRun` the plan, else per alarm what was done. */
  'POST /api/alarms/bulk': AlarmBulkResponse;
  'GET /api/vehicles/by-vin/:vin': Vehicle;
  'GET /api/vehicles/statusFor': VehicleStatus[];
  'GET /api/vehicles/by-vin/:vin/bookings': SearchBooking[];
  'GET /api/vehicles/by-vin/:vin/journal': JournalResponse;
  /** A remote command (unlock, lock, immobilize, …); the server answers 202 with the pending command. */
  'POST /api/vehicles/by-vin/:vin/:command': VehicleCommandResult;
  'POST /api/vehicles/by-vin/:vin/agent/:command': VehicleCommandResult;
  'GET /api/vehicles/commands/:id': VehicleCommandResult;
  /** With `dryRun` the plan, else the plan applied (issue 19 point 5); a changed plan or a refusal answers 409. */
  'POST /api/vehicles/by-vin/:vin/out-of-service': OutOfServiceResponse;
  'GET /api/damage/by-vin/:vin': Damage[];
  /** Reports damage (multipart); the server answers 201 with it. */
  'POST /api/damage/by-vin/:vin': Damage;
  /** The image bytes: the handler returns a Response. */
  'GET /api/damage/:id/thumbnail': never;
  'GET /api/staff': StaffList;
  /** Creates a staff member; the server answers 201. */
  'POST /api/staff': StaffMember;
  'PATCH /api/staff/:username': StaffMember;
  /** Mails a reset link; the server answers 202. */
  'POST /api/staff/:username/reset-password': z.input<typeof ZStaffResetPasswordResponse>;
}
export type Route = keyof BackendRoutes;

/** A request the screen sent. */
export interface BackendCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The request's headers (`Authorization` among them). */
  headers: Headers;
  /** The `:name` parts of the matched route (empty for calls no handler matched). */
  params: Record<string, string>;
}

export type Answer<R extends Route> = BackendRoutes[R] | Response | undefined;
export type Handler<R extends Route> = (call: BackendCall) => Answer<R> | Promise<Answer<R>>;

/**
 * A handler that answers with `handlers` in turn, one per call, the last one from then on: a failure, then what the
 * retry gets (`backend.on(route, inTurn(() => backend.error(500, …), () => []))`).
 */
export function inTurn<R extends Route>(...handlers: Handler<R>[]): Handler<R> {
  const queue = [...handlers];
  return (call) => {
    const next = queue.length > 1 ? queue.shift() : queue[0];
    return next?.(call);
  };
}

export const FLEET_FJORD: Fleet = {
  fleet: 'fjord',
  name: 'Fjord Mobility',
  country: 'NO',
  currency: 'NOK',
  DefaultLanguage: 'nb',
  timeZone: 'Europe/Oslo',
};
export const CLIENT_CONFIG: ClientConfig = { productName: 'Fleetdesk', helpDeskWidgetUrl: null, version: 'test' };

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** 204 No Content. */
export const noContent = () => new Response(null, { status: 204 });

interface Entry {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: (call: BackendCall) => unknown;
}

function compile(route: string): Omit<Entry, 'handler'> {
  const [method = 'GET', path = ''] = route.split(' ');
  const names: string[] = [];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}$`), names };
}

export interface FakeBackend {
  /** Every request, in order. */
  readonly calls: BackendCall[];
  /** Answers `route` (asked before the handlers registered earlier). */
  on<R extends Route>(route: R, handler: Handler<R>): void;
  /** The error envelope of spec §8 with that status. */
  error(status: number, messageId: string, message: string, errors?: ErrorEnvelope['errors']): Response;
  /** The calls to a path (and method, GET unless given). */
  callsTo(path: string | RegExp, method?: string): BackendCall[];
}

/** A JSON body parsed; any other body (a file, a form) as it was sent. */
function bodyOf(body: RequestInit['body']): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** Installs a fresh fake backend as `fetch` for the current test; call it in beforeEach. */
export function fakeBackend(): FakeBackend {
  const entries: Entry[] = [];
  const calls: BackendCall[] = [];
  const error = (status: number, messageId: string, message: string, errors: ErrorEnvelope['errors'] = []) =>
    jsonResponse(status, { httpCode: status, messageId, message, errors } satisfies ErrorEnvelope);
  const add = (route: Route, handler: (call: BackendCall) => unknown) => entries.unshift({ ...compile(route), handler });

  async function fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const url = new URL(String(input), window.location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: BackendCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: bodyOf(init?.body),
      headers: new Headers(init?.headers),
      params: {},
    };
    calls.push(call);
    for (const entry of entries) {
      if (entry.method !== method) continue;
      const match = entry.pattern.exec(url.pathname);
      if (!match) continue;
      call.params = Object.fromEntries(entry.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
      const answer = await entry.handler(call);
      if (answer === undefined) continue;
      return answer instanceof Response ? answer : jsonResponse(200, answer);
    }
    return error(404, 'errorId.core.routeNotFound', 'Route not found');
  }

  const backend: FakeBackend = {
    calls,
    on: (route, handler) => add(route, handler),
    error,
    callsTo: (path, method = 'GET') =>
      calls.filter((call) => call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path))),
  };
  backend.on('GET /api/config', () => CLIENT_CONFIG);
  backend.on('GET /api/fleets/:fleet', ({ params }) => (params.fleet === 'fjord' ? FLEET_FJORD : undefined));
  vi.stubGlobal('fetch', vi.fn(fetch));
  return backend;
}
