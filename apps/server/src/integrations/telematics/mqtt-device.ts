import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { connectAsync, type MqttClient } from 'mqtt';
import { mqttTopics, parseVehicleTopic } from './mqtt.ts';
import { ZCommandMessage, type CommandAck, type RandomSource, type StatusReport } from './types.ts';

/**
 * A vehicle agent emulator on MQTT: answers every command published under `{prefix}/vehicles/+/commands` like the
 * simulator does (after a delay, failing or staying silent by the given rates) and reports the changed lock or
 * immobilizer state on the status topic. Used by the MQTT test and by hand:
 *
 *   MQTT_URL=mqtt://127.0.0.1:1883 MQTT_TOPIC_PREFIX=fleetdesk npx tsx --conditions=@fleetdesk/source apps/server/src/integrations/telematics/mqtt-device.ts
 */
export interface MqttDeviceOptions {
  url: string;
  prefix: string;
  minDelayMs?: number;
  maxDelayMs?: number;
  failureRate?: number;
  timeoutRate?: number;
  random?: RandomSource;
  onLog?: (line: string) => void;
}

export interface MqttDevice {
  /** Publishes a status report for `vin` (the VIN goes in the topic). */
  publishStatus(vin: string, report: Omit<StatusReport, 'vin'>): Promise<void>;
  /** Publishes raw bytes on a vehicle topic (for junk-payload tests). */
  publishRaw(vin: string, kind: 'ack' | 'status', payload: string): Promise<void>;
  /** Commands received so far, oldest first. */
  readonly received: { vin: string; commandId: number; command: string }[];
  stop(): Promise<void>;
}

const EFFECT = { LOCK: { locked: true }, UNLOCK: { locked: false }, MOBILIZE: { immobilized: false }, IMMOBILIZE: { immobilized: true } } as const;

export async function startMqttDevice(opts: MqttDeviceOptions): Promise<MqttDevice> {
  const random = opts.random ?? Math.random;
  const topics = mqttTopics(opts.prefix);
  const log = opts.onLog ?? (() => {});
  const timers = new Set<NodeJS.Timeout>();
  const received: MqttDevice['received'] = [];
  const client: MqttClient = await connectAsync(opts.url, { clientId: `fleetdesk-device-${randomBytes(6).toString('hex')}`, clean: true });
  await client.subscribeAsync(topics.allCommands, { qos: 1 });

  const answer = (vin: string, commandId: number, command: keyof typeof EFFECT | 'REBOOT' | 'WAKE_UP') => {
    if (random() < (opts.timeoutRate ?? 0)) return log(`${vin}: command ${commandId} (${command}) lost`);
    const ok = random() >= (opts.failureRate ?? 0);
    const min = opts.minDelayMs ?? 0;
    const delay = min + Math.floor(random() * (Math.max(0, (opts.maxDelayMs ?? 0) - min) + 1));
    const timer = setTimeout(() => {
      timers.delete(timer);
      const message =
        command === 'LOCK' || command === 'UNLOCK'
          ? 'No response from the central locking'
          : command === 'MOBILIZE' || command === 'IMMOBILIZE'
            ? 'No response from the immobilizer relay'
            : 'The agent did not answer';
      const ack: Omit<CommandAck, 'vin'> = ok ? { commandId, ok } : { commandId, ok, message };
      void client
        .publishAsync(topics.ack(vin), JSON.stringify(ack), { qos: 1 })
        .then(async () => {
          log(`${vin}: command ${commandId} (${command}) ${ok ? 'done' : 'failed'}`);
          if (ok && command in EFFECT) {
            const status = EFFECT[command as keyof typeof EFFECT];
            await client.publishAsync(topics.status(vin), JSON.stringify({ occurred: new Date().toISOString(), status }), { qos: 1 });
          }
        })
        .catch((err: Error) => log(`${vin}: publishing failed: ${err.message}`));
    }, delay);
    timers.add(timer);
  };

  client.on('message', (topic, payload) => {
    const where = parseVehicleTopic(opts.prefix, topic);
    if (!where || where.kind !== 'commands') return;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return log(`ignored a command that is not JSON on ${topic}`);
    }
    const parsed = ZCommandMessage.safeParse(body);
    if (!parsed.success) return log(`ignored an invalid command on ${topic}`);
    received.push({ vin: where.vin, commandId: parsed.data.commandId, command: parsed.data.command });
    answer(where.vin, parsed.data.commandId, parsed.data.command);
  });

  return {
    received,
    async publishStatus(vin, report) {
      await client.publishAsync(topics.status(vin), JSON.stringify(report), { qos: 1 });
    },
    async publishRaw(vin, kind, payload) {
      await client.publishAsync(kind === 'ack' ? topics.ack(vin) : topics.status(vin), payload, { qos: 1 });
    },
    async stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await client.endAsync();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  const prefix = process.env.MQTT_TOPIC_PREFIX ?? 'fleetdesk';
  const device = await startMqttDevice({ url, prefix, minDelayMs: 500, maxDelayMs: 1500, onLog: (line) => console.log(line) });
  console.log(`Vehicle agent emulator on ${url}, answering ${mqttTopics(prefix).allCommands}. Ctrl+C stops it.`);
  process.once('SIGINT', () => void device.stop().then(() => process.exit(0)));
}
