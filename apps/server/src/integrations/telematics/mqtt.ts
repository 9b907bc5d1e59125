import { randomBytes } from 'node:crypto';
import { connect, type MqttClient } from 'mqtt';
import { createStatusBatcher, STATUS_BATCH_DEFAULTS, type StatusBatcher } from './status-batcher.ts';
import {
  TelematicsUnavailableError,
  ZCommandAck,
  ZStatusReport,
  type CommandMessage,
  type StatusReport,
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
 * dropped. The VIN always comes from the topic. Acknowledgements are handled as they arrive; status reports are
 * buffered and written in batches (status-batcher.ts: `statusBatchSize` vehicles or `statusBatchDelayMs`, whichever
 * comes first, one batch at a time), and what is buffered is written on stop().
 */
export interface MqttTelematicsOptions {
  url: string;
  prefix: string;
  log: TelematicsLog;
  /** How long start() waits for the broker before going on (it keeps reconnecting in the background). */
  connectTimeoutMs?: number;
  /** How long send() waits for the broker's PUBACK; a command not handed over stays PENDING and times out. */
  publishTimeoutMs?: number;
  /** Status reports are written in batches of up to this many vehicles (default 500) ... */
  statusBatchSize?: number;
  /** ... or this long after the first report entered the empty buffer (default 100 ms), whichever comes first. */
  statusBatchDelayMs?: number;
}

export interface MqttTelematics extends Telematics {
  readonly kind: 'mqtt';
  /** Vehicles whose status reports are buffered, not yet handed to the handler. */
  readonly bufferedStatusReports: number;
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

/** A message on `{prefix}/vehicles/{vin}/status` as a report: null when the payload is not a valid report. */
export function parseStatusMessage(vin: string, payload: Buffer): StatusReport | null {
  const parsed = ZStatusPayload.safeParse(parseJson(payload));
  return parsed.success ? { ...parsed.data, vin } : null;
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export function createMqttTelematics(opts: MqttTelematicsOptions): MqttTelematics {
  const topics = mqttTopics(opts.prefix);
  let client: MqttClient | null = null;
  let handler: TelematicsHandler | null = null;
  let statusBatcher: StatusBatcher | null = null;
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
    if (where.kind === 'ack') {
      const parsed = ZAckPayload.safeParse(parseJson(payload));
      if (!parsed.success) return opts.log.warn(`telematics mqtt: ignored an invalid ack on ${topic}`);
      deliver(h.onAck({ ...parsed.data, vin: where.vin }));
    } else if (where.kind === 'status') {
      const report = parseStatusMessage(where.vin, payload);
      if (!report) return opts.log.warn(`telematics mqtt: ignored an invalid status report on ${topic}`);
      statusBatcher?.add(report);
    }
  };

  return {
    kind: 'mqtt',
    get bufferedStatusReports() {
      return statusBatcher?.buffered ?? 0;
    },
    async start(h) {
      handler = h;
      statusBatcher = createStatusBatcher({
        deliver: (reports) => h.onStatus(reports),
        maxBatch: opts.statusBatchSize ?? STATUS_BATCH_DEFAULTS.maxBatch,
        maxDelayMs: opts.statusBatchDelayMs ?? STATUS_BATCH_DEFAULTS.maxDelayMs,
        onError: (err, n) => opts.log.error({ err }, `telematics mqtt: writing a batch of ${n} status reports failed`),
      });
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
      // Nothing arrives any more: write what is buffered, then wait for the acknowledgements being handled.
      const batcher = statusBatcher;
      statusBatcher = null;
      await batcher?.drain();
      await Promise.allSettled([...inFlight]);
    },
  };
}
