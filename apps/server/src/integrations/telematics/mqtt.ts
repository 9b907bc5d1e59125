import { randomBytes } from 'node:crypto';
import { connect, type MqttClient } from 'mqtt';
import {
  TelematicsUnavailableError,
  ZCommandAck,
  ZStatusReport,
  type CommandMessage,
  type Telematics,
  type TelematicsCommand,
  type TelematicsHandler,
  type TelematicsLog,
} from './types.ts';

/**
 * The MQTT adapter. Topics per VIN under the prefix:
 * - `{prefix}/vehicles/{vin}/commands`: the server publishes {commandId, command, issuedAt} (QoS 1);
 * - `{prefix}/vehicles/{vin}/ack`: the vehicle answers {commandId, ok, message?};
 * - `{prefix}/vehicles/{vin}/status`: the vehicle reports {status, alarms?, occurred?}.
 * The server subscribes to ack and status with wildcards; payloads are checked with zod and junk is logged and
 * dropped. The VIN always comes from the topic.
 */
export interface MqttTelematicsOptions {
  url: string;
  prefix: string;
  log: TelematicsLog;
  /** How long start() waits for the broker before going on (it keeps reconnecting in the background). */
  connectTimeoutMs?: number;
  /** How long send() waits for the broker's PUBACK; a command not handed over stays PENDING and times out. */
  publishTimeoutMs?: number;
}

export const mqttTopics = (prefix: string) => ({
  commands: (vin: string) => `${prefix}/vehicles/${vin}/commands`,
  ack: (vin: string) => `${prefix}/vehicles/${vin}/ack`,
  status: (vin: string) => `${prefix}/vehicles/${vin}/status`,
  allAcks: `${prefix}/vehicles/+/ack`,
  allStatus: `${prefix}/vehicles/+/status`,
  allCommands: `${prefix}/vehicles/+/commands`,
});

/** `{prefix}/vehicles/{vin}/{kind}` → {vin, kind}, or null for any other topic. */
export function parseVehicleTopic(prefix: string, topic: string): { vin: string; kind: string } | null {
  const head = `${prefix}/vehicles/`;
  if (!topic.startsWith(head)) return null;
  const parts = topic.slice(head.length).split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  return { vin: parts[0], kind: parts[1] };
}

const ZAckPayload = ZCommandAck.omit({ vin: true });
const ZStatusPayload = ZStatusReport.omit({ vin: true });

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export function createMqttTelematics(opts: MqttTelematicsOptions): Telematics {
  const topics = mqttTopics(opts.prefix);
  let client: MqttClient | null = null;
  let handler: TelematicsHandler | null = null;
  const inFlight = new Set<Promise<unknown>>();

  const deliver = (p: Promise<void>) => {
    const done = p
      .catch((err: unknown) => opts.log.error({ err }, 'telematics mqtt: handling a message failed'))
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };

  const onMessage = (topic: string, payload: Buffer) => {
    const h = handler;
    if (!h) return;
    const where = parseVehicleTopic(opts.prefix, topic);
    if (!where) return;
    const body = parseJson(payload);
    if (where.kind === 'ack') {
      const parsed = ZAckPayload.safeParse(body);
      if (!parsed.success) return opts.log.warn(`telematics mqtt: ignored an invalid ack on ${topic}`);
      deliver(h.onAck({ ...parsed.data, vin: where.vin }));
    } else if (where.kind === 'status') {
      const parsed = ZStatusPayload.safeParse(body);
      if (!parsed.success) return opts.log.warn(`telematics mqtt: ignored an invalid status report on ${topic}`);
      deliver(h.onStatus([{ ...parsed.data, vin: where.vin }]));
    }
  };

  return {
    kind: 'mqtt',
    async start(h) {
      handler = h;
      const c = connect(opts.url, {
        clientId: `fleetdesk-server-${randomBytes(6).toString('hex')}`,
        clean: true,
        reconnectPeriod: 2_000,
        connectTimeout: 10_000,
        resubscribe: false,
      });
      client = c;
      c.on('message', onMessage);
      c.on('error', (err) => opts.log.warn(`telematics mqtt: ${err.message}`));
      c.on('offline', () => opts.log.warn(`telematics mqtt: broker ${opts.url} unreachable, reconnecting`));
      // A clean session forgets subscriptions: subscribe on every (re)connect.
      const subscribed = new Promise<void>((resolve) => {
        c.on('connect', () => {
          c.subscribe([topics.allAcks, topics.allStatus], { qos: 1 }, (err) => {
            if (err) opts.log.error({ err }, 'telematics mqtt: subscribing failed');
            else {
              opts.log.info(`telematics mqtt: connected to ${opts.url}, prefix ${opts.prefix}`);
              resolve();
            }
          });
        });
      });
      await withTimeout(subscribed, opts.connectTimeoutMs ?? 10_000, 'connecting to the MQTT broker').catch((err: Error) =>
        opts.log.warn(`telematics mqtt: ${err.message}; commands fail until the broker is reachable`),
      );
    },
    async send(cmd: TelematicsCommand) {
      const c = client;
      if (!c || !c.connected) throw new TelematicsUnavailableError('The telematics broker is not reachable');
      const message: CommandMessage = { commandId: cmd.commandId, command: cmd.command, issuedAt: cmd.issuedAt };
      // Without the broker's PUBACK in time the command may still be delivered: it stays PENDING (and times out).
      await withTimeout(
        c.publishAsync(topics.commands(cmd.vin), JSON.stringify(message), { qos: 1 }),
        opts.publishTimeoutMs ?? 5_000,
        'publishing the command',
      ).catch((err: Error) => opts.log.warn(`telematics mqtt: command ${cmd.commandId}: ${err.message}`));
    },
    async stop() {
      handler = null;
      const c = client;
      client = null;
      if (c) await c.endAsync();
      await Promise.allSettled([...inFlight]);
    },
  };
}
