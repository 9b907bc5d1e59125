import {
  MESSAGE_IDS,
  MESSAGES,
  ZErrorEnvelope,
  ZVehicleCommandResult,
  ZVehicleCommandsResponse,
  type VehicleCommandResult,
} from '@fleetdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, vehicleCommands, vehicleStatus, vehicles } from '../src/db/schema.ts';
import { sweepTimedOutCommands } from '../src/modules/vehicle-commands/sweeper.ts';
import { loadVehicles } from '../src/modules/vehicles/vehicle-view.ts';
import {
  createBooking,
  createContract,
  createFleet,
  createPool,
  createStaff,
  createUser,
  createVehicle,
  createVehicleStatus,
} from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/** The fixture's vehicles. */
const KIA = 'KNACC81GXSN033003'; // EV 33003: parked, keyless agent, locked and immobilised
const PERSONA = 'WVWZZZE1ZPP012345'; // EL 12345: unlocked, in demo.active's active booking
const MALAR = 'WVWZZZE1ZRP123456'; // ABC 123 of the other operator, in an active booking there

type Res = { statusCode: number; body: string; json(): unknown };

function envelope(res: Res, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return ZErrorEnvelope.parse(res.json());
}

function accepted(res: Res): VehicleCommandResult {
  expect(res.statusCode, res.body).toBe(202);
  return ZVehicleCommandResult.parse(res.json());
}

/** Reads the command until the vehicle has answered (the test simulator answers within 10 ms). */
async function answered(t: TestApp, token: string, id: number): Promise<VehicleCommandResult> {
  for (let i = 0; i < 500; i++) {
    const res = await t.app.inject({ method: 'GET', url: `/api/vehicles/commands/${id}`, headers: { authorization: authToken(token) } });
    expect(res.statusCode, res.body).toBe(200);
    const cmd = ZVehicleCommandResult.parse(res.json());
    if (cmd.state !== 'PENDING') return cmd;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`command ${id} was never answered`);
}

describe('remote commands against the simulator', () => {
  let t: TestApp;
  let token: string;
  let malarToken: string;
  /** The active bookings on EL 12345 and on the other operator's ABC 123. */
  let personaBid: string;
  let malarBid: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const now = Date.now();
    const running = { state: 'ACTIVE' as const, startTime: new Date(now - 3_600_000), endTime: new Date(now + 3 * 3_600_000) };
    await createFleet(db, 'fjord');
    await createFleet(db, 'malar', { country: 'SE', currency: 'SEK', defaultLanguage: 'sv', timeZone: 'Europe/Stockholm' });
    await createStaff(db, 'fjord', 'support', 'support-demo');
    await createStaff(db, 'malar', 'support.se', 'support-demo');
    const kia = await createVehicle(db, 'fjord', { vin: KIA, registrationNumber: 'EV 33003', agentHardwareType: 'keyless' });
    await createVehicleStatus(db, kia.id, { locked: true, immobilized: true });
    const persona = await createVehicle(db, 'fjord', { vin: PERSONA, registrationNumber: 'EL 12345', agentHardwareType: 'keyless' });
    await createVehicleStatus(db, persona.id, { locked: false, immobilized: false });
    const kari = await createUser(db, 'fjord', { username: 'demo.active' });
    const pool = await createPool(db, 'fjord');
    const contract = await createContract(db, 'fjord');
    personaBid = (await createBooking(db, 'fjord', { userId: kari.id, contractId: contract.id, poolId: pool.id, vehicleId: persona.id }, running))
      .bid;
    const malar = await createVehicle(db, 'malar', { vin: MALAR, registrationNumber: 'ABC 123', agentHardwareType: 'keyless' });
    await createVehicleStatus(db, malar.id);
    const seUser = await createUser(db, 'malar');
    const sePool = await createPool(db, 'malar');
    const seContract = await createContract(db, 'malar', { currency: 'SEK' });
    malarBid = (await createBooking(db, 'malar', { userId: seUser.id, contractId: seContract.id, poolId: sePool.id, vehicleId: malar.id }, running))
      .bid;
    token = await login(t.app, 'support', 'support-demo');
    malarToken = await login(t.app, 'support.se', 'support-demo');
  });
  afterAll(() => t.close());

  const post = (vin: string, path: string, body?: object, auth = token) =>
    t.app.inject({
      method: 'POST',
      url: `/api/vehicles/by-vin/${vin}/${path}`,
      headers: { authorization: authToken(auth) },
      ...(body ? { payload: body } : {}),
    });
  const statusOf = async (vin: string) => {
    const [v] = await t.database.db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.vin, vin));
    const [s] = await t.database.db.select().from(vehicleStatus).where(eq(vehicleStatus.vehicleId, v!.id));
    return s!;
  };
  const actionsOf = async (vin: string) => {
    const [v] = await t.database.db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.vin, vin));
    const [full] = await loadVehicles(t.database.db, { username: 'support', fleet: 'fjord' }, [v!.id]);
    return full!.actions;
  };
  const commandEvents = (vin: string) =>
    t.database.db
      .select()
      .from(events)
      .where(and(eq(events.vin, vin), eq(events.type, 'REMOTE_COMMAND')))
      .orderBy(asc(events.id));

  it('unlocks and locks a parked vehicle: PENDING, then SUCCEEDED, and the status and actions list follow', async () => {
    expect((await statusOf(KIA)).locked).toBe(true);
    expect(await actionsOf(KIA)).toEqual(['UNLOCK', 'MOBILIZE']);

    const unlock = accepted(await post(KIA, 'unlock'));
    expect(unlock).toMatchObject({
      vin: KIA,
      command: 'UNLOCK',
      state: 'PENDING',
      bid: null,
      reason: null,
      requestedBy: 'support',
      completedAt: null,
    });
    const done = await answered(t, token, unlock.id);
    expect(done.state).toBe('SUCCEEDED');
    expect(done.completedAt).not.toBeNull();
    expect((await statusOf(KIA)).locked).toBe(false);
    expect(await actionsOf(KIA)).toEqual(['LOCK', 'MOBILIZE']);

    const lock = accepted(await post(KIA, 'lock'));
    expect((await answered(t, token, lock.id)).state).toBe('SUCCEEDED');
    expect((await statusOf(KIA)).locked).toBe(true);
    expect(await actionsOf(KIA)).toEqual(['UNLOCK', 'MOBILIZE']);
  });

  it('mobilizes without a reason, and immobilizes only with one, which goes into the event log', async () => {
    const mobilize = accepted(await post(KIA, 'mobilize'));
    expect((await answered(t, token, mobilize.id)).state).toBe('SUCCEEDED');
    expect((await statusOf(KIA)).immobilized).toBe(false);
    expect(await actionsOf(KIA)).toEqual(['UNLOCK', 'IMMOBILIZE']);

    const missing = envelope(await post(KIA, 'immobilize'), 400);
    expect(missing.messageId).toBe(MESSAGE_IDS.commandReasonRequired);
    expect(missing.errors).toEqual([{ field: 'reason', messageId: 'commandReasonRequired', message: MESSAGES.commandReasonRequired }]);
    expect(envelope(await post(KIA, 'immobilize', { reason: '   ' }), 400).messageId).toBe(MESSAGE_IDS.commandReasonRequired);

    const immobilize = accepted(await post(KIA, 'immobilize', { reason: 'Reported stolen by the police' }));
    expect(immobilize.reason).toBe('Reported stolen by the police');
    expect((await answered(t, token, immobilize.id)).state).toBe('SUCCEEDED');
    expect((await statusOf(KIA)).immobilized).toBe(true);

    const logged = (await commandEvents(KIA)).filter((e) => e.properties.commandId === immobilize.id);
    expect(logged.map((e) => e.properties.result)).toEqual(['PENDING', 'SUCCEEDED']);
    expect(logged[0]!.displayText).toContain('Reported stolen by the police');
    expect(logged[0]!.properties.reason).toBe('Reported stolen by the police');
    expect(logged.every((e) => e.actingUsername === 'support' && e.bid === null && e.typeGroup === 'REMOTE_COMMAND')).toBe(true);
  });

  it('refuses a command the actions list does not offer, and any command for a vehicle without an agent', async () => {
    const again = envelope(await post(KIA, 'lock'), 400); // already locked
    expect(again.messageId).toBe(MESSAGE_IDS.commandNotAvailable);
    expect(again.message).toBe(MESSAGES.commandNotAvailable);

    const bike = await createVehicle(t.database.db, 'fjord', { agentHardwareType: 'none', category: 'BIKE' });
    for (const path of ['lock', 'unlock', 'mobilize', 'agent/reboot', 'agent/wake-up']) {
      const refused = envelope(await post(bike.vin, path), 400);
      expect(refused.messageId).toBe(MESSAGE_IDS.commandNotAvailable);
      // The same reason the vehicle's abilities give (issue 16).
      expect(refused.errors).toEqual([{ messageId: 'vehicleNoAgent', message: MESSAGES.vehicleNoAgent }]);
    }
    const shown = await t.app.inject({ method: 'GET', url: `/api/vehicles/by-vin/${bike.vin}`, headers: { authorization: authToken(token) } });
    const abilities = (shown.json() as { abilities: Record<string, unknown> }).abilities;
    expect(abilities.UNLOCK).toEqual({ allowed: false, reason: 'vehicleNoAgent' });
    expect(abilities.REBOOT).toEqual({ allowed: false, reason: 'vehicleNoAgent' });
    expect(await t.database.db.select().from(vehicleCommands).where(eq(vehicleCommands.vehicleId, bike.id))).toEqual([]);
  });

  it('needs a reason during an active booking, and ties the command and its answer to that booking and customer', async () => {
    const offered = await actionsOf(PERSONA);
    expect(offered).toContain('LOCK'); // it is unlocked
    const path = 'lock';
    const refused = envelope(await post(PERSONA, path), 400);
    expect(refused.messageId).toBe(MESSAGE_IDS.commandReasonRequired);
    expect(refused.errors[0]?.field).toBe('reason');

    const cmd = accepted(await post(PERSONA, path, { reason: 'Customer locked out, called support' }));
    expect(cmd.bid).toBe(personaBid);
    expect((await answered(t, token, cmd.id)).state).toBe('SUCCEEDED');
    expect((await statusOf(PERSONA)).locked).toBe(true);

    const logged = (await commandEvents(PERSONA)).filter((e) => e.properties.commandId === cmd.id);
    expect(logged).toHaveLength(2);
    for (const e of logged) {
      expect(e).toMatchObject({ bid: personaBid, affectedUsername: 'demo.active', actingUsername: 'support', fleetId: 'fjord' });
    }
    expect(logged[0]!.properties).toMatchObject({ force: true, reason: 'Customer locked out, called support', result: 'PENDING' });
    expect(logged[1]!.displayText).toBe('Lock command succeeded');
  });

  it('reboots and wakes up the agent', async () => {
    const reboot = accepted(await post(KIA, 'agent/reboot'));
    expect(reboot.command).toBe('REBOOT');
    expect((await answered(t, token, reboot.id)).state).toBe('SUCCEEDED');
    const wake = accepted(await post(KIA, 'agent/wake-up', {}));
    expect(wake.command).toBe('WAKE_UP');
    expect((await answered(t, token, wake.id)).state).toBe('SUCCEEDED');
    const texts = (await commandEvents(KIA)).map((e) => e.displayText);
    expect(texts).toContain(MESSAGES.agentRebooted);
    expect(texts).toContain(MESSAGES.agentAwakened);
  });

  it('lists the latest commands of a vehicle newest first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/vehicles/by-vin/${KIA.toLowerCase()}/commands`,
      headers: { authorization: authToken(token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = ZVehicleCommandsResponse.parse(res.json());
    expect(list.map((c) => c.command).slice(0, 6)).toEqual(['WAKE_UP', 'REBOOT', 'IMMOBILIZE', 'MOBILIZE', 'LOCK', 'UNLOCK']);
    expect(list.every((c) => c.vin === KIA)).toBe(true);

    for (let i = 0; i < 24; i++)
      await t.database.db.insert(vehicleCommands).values({
        fleetId: 'fjord',
        vehicleId: (await statusOf(KIA)).vehicleId,
        command: 'WAKE_UP',
        state: 'SUCCEEDED',
        requestedBy: 'support',
        requestedAt: new Date(Date.now() - (i + 10) * 86_400_000),
      });
    const full = ZVehicleCommandsResponse.parse(
      (await t.app.inject({ method: 'GET', url: `/api/vehicles/by-vin/${KIA}/commands`, headers: { authorization: authToken(token) } })).json(),
    );
    expect(full).toHaveLength(20);
    expect(full[0]!.id).toBe(list[0]!.id);
  });

  it("answers 404 for an unknown VIN, another operator's vehicle and another operator's command", async () => {
    expect(envelope(await post('NOSUCHVIN0000000', 'lock'), 404).messageId).toBe(MESSAGE_IDS.vehicleNotFound);
    expect(envelope(await post(MALAR, 'agent/reboot'), 404).messageId).toBe(MESSAGE_IDS.vehicleNotFound);
    const other = await t.app.inject({ method: 'GET', url: `/api/vehicles/by-vin/${MALAR}/commands`, headers: { authorization: authToken(token) } });
    expect(envelope(other, 404).messageId).toBe(MESSAGE_IDS.vehicleNotFound);

    const theirs = accepted(await post(MALAR, 'agent/wake-up', { reason: 'The app cannot reach the vehicle' }, malarToken));
    expect(theirs.bid).toBe(malarBid);
    const peek = await t.app.inject({ method: 'GET', url: `/api/vehicles/commands/${theirs.id}`, headers: { authorization: authToken(token) } });
    expect(envelope(peek, 404).messageId).toBe(MESSAGE_IDS.commandNotFound);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/vehicles/commands/999999999', headers: { authorization: authToken(token) } });
    expect(envelope(unknown, 404).messageId).toBe(MESSAGE_IDS.commandNotFound);
    expect(
      envelope(await t.app.inject({ method: 'GET', url: '/api/vehicles/commands/abc', headers: { authorization: authToken(token) } }), 400).httpCode,
    ).toBe(400);
    expect((await answered(t, malarToken, theirs.id)).state).toBe('SUCCEEDED');
  });

  it('rejects bad input and missing sessions with an envelope', async () => {
    const long = envelope(await post(KIA, 'agent/reboot', { reason: 'x'.repeat(501) }), 400);
    expect(long.errors[0]?.field).toBe('reason');
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/vehicles/by-vin/${KIA}/unlock` });
    expect(envelope(anonymous, 401).httpCode).toBe(401);
  });
});

describe('remote commands that fail or time out', () => {
  let t: TestApp;
  let token: string;
  let vin: string;

  const setup = async (env: Record<string, string>) => {
    t = await createTestApp(env);
    await createFleet(t.database.db, 'fjord');
    await createStaff(t.database.db, 'fjord', 'support', 'support-demo');
    vin = (await createVehicle(t.database.db, 'fjord')).vin;
    token = await login(t.app, 'support', 'support-demo');
  };
  const post = (path: string) =>
    t.app.inject({ method: 'POST', url: `/api/vehicles/by-vin/${vin}/${path}`, headers: { authorization: authToken(token) } });
  const loggedResults = async (id: number) =>
    (await t.database.db.select().from(events).where(eq(events.vin, vin)).orderBy(asc(events.id))).filter((e) => e.properties.commandId === id);

  it('shows the agent message when the vehicle fails the command', async () => {
    await setup({ SIMULATOR_FAILURE_RATE: '1' });
    try {
      const cmd = accepted(await post('lock'));
      const done = await answered(t, token, cmd.id);
      expect(done.state).toBe('FAILED');
      expect(['A door or the tailgate is open', 'No response from the central locking']).toContain(done.message);
      const [status] = await t.database.db.select().from(vehicleStatus);
      expect(status).toBeUndefined(); // a failed command changes nothing at the vehicle
      const logged = await loggedResults(cmd.id);
      expect(logged.map((e) => e.properties.result)).toEqual(['PENDING', 'FAILED']);
      expect(logged[1]!.displayText).toBe(`Lock command failed: ${done.message}`);

      const reboot = accepted(await post('agent/reboot'));
      expect(await answered(t, token, reboot.id)).toMatchObject({ state: 'FAILED', message: 'The agent did not come back after the reboot' });
    } finally {
      await t.close();
    }
  });

  it('times a command out when the vehicle never answers', async () => {
    await setup({ SIMULATOR_TIMEOUT_RATE: '1' });
    try {
      const cmd = accepted(await post('unlock'));
      expect(await sweepTimedOutCommands(t.database.db, t.config.COMMAND_TIMEOUT_SECONDS)).toBe(0); // not yet due
      const later = new Date(Date.parse(cmd.requestedAt) + (t.config.COMMAND_TIMEOUT_SECONDS + 1) * 1000);
      expect(await sweepTimedOutCommands(t.database.db, t.config.COMMAND_TIMEOUT_SECONDS, later)).toBe(1);
      expect(await sweepTimedOutCommands(t.database.db, t.config.COMMAND_TIMEOUT_SECONDS, later)).toBe(0); // recorded once
      const res = await t.app.inject({ method: 'GET', url: `/api/vehicles/commands/${cmd.id}`, headers: { authorization: authToken(token) } });
      expect(ZVehicleCommandResult.parse(res.json())).toMatchObject({
        state: 'FAILED',
        message: MESSAGES.commandTimedOut,
        completedAt: later.toISOString(),
      });
      const logged = await loggedResults(cmd.id);
      expect(logged.map((e) => e.displayText)).toEqual([
        expect.stringContaining('Unlock command sent'),
        `Unlock command failed: ${MESSAGES.commandTimedOut}`,
      ]);
    } finally {
      await t.close();
    }
  });
});
