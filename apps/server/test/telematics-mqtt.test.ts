import { randomBytes } from 'node:crypto';
import { ZVehicleCommandResult, ZVehicleStatus, type VehicleCommandResult, type VehicleStatus } from '@fleetdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, vehicleStatus } from '../src/db/schema.ts';
import { startMqttDevice, type MqttDevice } from '../src/integrations/telematics/mqtt-device.ts';
import { createMqttTelematics } from '../src/integrations/telematics/mqtt.ts';
import { TelematicsUnavailableError, type StatusReport } from '../src/integrations/telematics/types.ts';
import { createFleet, createStaff, createVehicle } from './support/factories.ts';
import { authToken, createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * The MQTT adapter against a real broker (TEST_MQTT_URL, e.g. Mosquitto on 127.0.0.1:1883; vitest.config.ts only
 * includes this file when it is set), with the device emulator playing the vehicles. Each run has its own prefix.
 */
const MQTT_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const PREFIX = `fleetdesk-test-${randomBytes(4).toString('hex')}`;

/** Waits (by polling, never by timing) until `read` returns something `done` accepts. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the expected state was never reached');
}

describe('telematics over MQTT', () => {
  let t: TestApp;
  let device: MqttDevice;
  let token: string;
  let vin: string;
  let vehicleId: number;

  beforeAll(async () => {
    t = await createTestApp({ TELEMATICS: 'mqtt', MQTT_URL, MQTT_TOPIC_PREFIX: PREFIX });
    const db = t.database.db;
    await createFleet(db, 'fjord');
    await createStaff(db, 'fjord', 'support', 'support-demo');
    const vehicle = await createVehicle(db, 'fjord');
    vin = vehicle.vin;
    vehicleId = vehicle.id;
    await db
      .insert(vehicleStatus)
      .values({ vehicleId, locked: true, immobilized: false, fuelLevel: 60, carBatteryVoltage: 12.5, updatedAt: new Date(Date.now() - 60_000) });
    token = await login(t.app, 'support', 'support-demo');
    device = await startMqttDevice({ url: MQTT_URL, prefix: PREFIX, minDelayMs: 0, maxDelayMs: 20 });
  });
  afterAll(async () => {
    await device?.stop();
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: authToken(token) } });
  const command = async (id: number): Promise<VehicleCommandResult> =>
    ZVehicleCommandResult.parse((await get(`/api/vehicles/commands/${id}`)).json());
  const status = async (): Promise<VehicleStatus> => {
    const res = await get(`/api/vehicles/by-vin/${vin}/status`);
    expect(res.statusCode, res.body).toBe(200);
    return ZVehicleStatus.parse(res.json());
  };

  it('publishes the command to the vehicle and completes it with the acknowledgement', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/vehicles/by-vin/${vin}/unlock`, headers: { authorization: authToken(token) } });
    expect(res.statusCode, res.body).toBe(202);
    const sent = ZVehicleCommandResult.parse(res.json());
    expect(sent.state).toBe('PENDING');

    const done = await until(
      () => command(sent.id),
      (c) => c.state !== 'PENDING',
    );
    expect(done.state).toBe('SUCCEEDED');
    expect(device.received).toContainEqual({ vin, commandId: sent.id, command: 'UNLOCK' });
    expect((await status()).locked).toBe(false);
  });

  it('writes status reports: values, and an alarm the vehicle raises', async () => {
    await device.publishStatus(vin, {
      occurred: new Date().toISOString(),
      status: { fuelLevel: 7, carBatteryVoltage: 11.5, lat: 59.91, lon: 10.75 },
      alarms: { raised: ['FUEL'], cleared: [] },
    });
    // Waits for the alarm as well as the values: once in CI (PostgreSQL) the values were read before the alarm showed.
    const reported = await until(status, (s) => s.fuelLevel === 7 && s.alarms.some((a) => a.name === 'FUEL' && a.triggered));
    expect(reported).toMatchObject({ carBatteryVoltage: 11.5, lat: 59.91, lon: 10.75, locked: false });
    const open = await t.database.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.vehicleId, vehicleId), eq(alarms.state, 'TRIGGERED')));
    expect(open.map((a) => a.name)).toEqual(['FUEL']);
  });

  it('ignores junk and answers that do not belong to the vehicle, and keeps listening', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/vehicles/by-vin/${vin}/immobilize`,
      headers: { authorization: authToken(token) },
      payload: { reason: 'Unpaid invoices' },
    });
    const sent = ZVehicleCommandResult.parse(res.json());
    await until(
      () => command(sent.id),
      (c) => c.state === 'SUCCEEDED',
    );
    // A second answer to the same command, an answer from another vehicle, and junk: none changes anything.
    await device.publishRaw(vin, 'ack', JSON.stringify({ commandId: sent.id, ok: false, message: 'late' }));
    await device.publishRaw('OTHERVIN000000000', 'ack', JSON.stringify({ commandId: sent.id, ok: false }));
    await device.publishRaw(vin, 'ack', 'not json');
    await device.publishRaw(vin, 'status', JSON.stringify({ status: { fuelLevel: 'full' } }));
    await device.publishStatus(vin, { status: { odometer: 12345 }, alarms: { raised: [], cleared: ['FUEL'] } });
    const s = await until(status, (x) => x.odometer === 12345);
    expect(s).toMatchObject({ fuelLevel: 7, immobilized: true });
    expect(s.alarms.find((a) => a.name === 'FUEL')?.triggered).toBe(false);
    expect(await command(sent.id)).toMatchObject({ state: 'SUCCEEDED', message: null });
  });

  it('hands status reports to the handler in batches, and what is still buffered on stop (issue 20 point 2)', async () => {
    const prefix = `${PREFIX}-batches`;
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    // A delay far beyond the test: only the size and stop() hand batches over.
    const adapter = createMqttTelematics({ url: MQTT_URL, prefix, log, statusBatchSize: 3, statusBatchDelayMs: 600_000 });
    const batches: StatusReport[][] = [];
    await adapter.start({ onAck: async () => {}, onStatus: async (reports) => void batches.push(reports) });
    const vehicle = await startMqttDevice({ url: MQTT_URL, prefix });
    try {
      for (const [i, v] of ['V1', 'V2', 'V3', 'V4', 'V5', 'V4'].entries()) {
        await vehicle.publishStatus(v, { status: { odometer: 1000 + i }, alarms: { raised: [], cleared: [] } });
      }
      await until(
        async () => batches.length === 1 && adapter.bufferedStatusReports === 2,
        (ready) => ready,
      );
    } finally {
      await vehicle.stop();
      await adapter.stop();
    }
    expect(batches.map((b) => b.map((r) => r.vin))).toEqual([
      ['V1', 'V2', 'V3'],
      ['V4', 'V5'],
    ]);
    // V4's two reports as one: the later odometer.
    expect(batches[1]![0]!.status).toEqual({ odometer: 1005 });
  });

  it('refuses to hand a command over when the broker is unreachable', async () => {
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const offline = createMqttTelematics({ url: 'mqtt://127.0.0.1:1', prefix: PREFIX, log, connectTimeoutMs: 200 });
    await offline.start({ onAck: async () => {}, onStatus: async () => {} });
    try {
      await expect(offline.send({ commandId: 1, vin, command: 'LOCK', issuedAt: new Date().toISOString() })).rejects.toBeInstanceOf(
        TelematicsUnavailableError,
      );
    } finally {
      await offline.stop();
    }
  });
});
