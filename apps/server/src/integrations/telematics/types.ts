import { ZAlarmName, ZRemoteCommand, type RemoteCommand } from '@fleetdesk/contract';
import { z } from 'zod';

/**
 * The telematics integration: how the server talks to the agents in the vehicles. The server sends commands;
 * the vehicles answer each command once (an acknowledgement) and report their status whenever they like. Two
 * implementations: the built-in simulator (default) and the MQTT adapter (docs/decisions/0017-telematics.md).
 * The integration keeps no business state: the handler writes what arrives to the database, which is the truth.
 */

/** A command for one vehicle. `commandId` is the vehicle_commands row the answer refers to. */
export interface TelematicsCommand {
  commandId: number;
  vin: string;
  command: RemoteCommand;
  issuedAt: string;
}

/** The vehicle's answer to a command: carried out (`ok`) or not, with the agent's message. */
export const ZCommandAck = z.object({
  commandId: z.number().int().positive(),
  vin: z.string().min(1).max(40),
  ok: z.boolean(),
  message: z.string().max(500).optional(),
});
export type CommandAck = z.infer<typeof ZCommandAck>;

/** The measured values a vehicle may report; every field is optional (a report changes what it names). */
export const ZStatusPatch = z.object({
  carBatteryVoltage: z.number().min(0).max(100).nullable().optional(),
  dte: z.number().min(0).nullable().optional(),
  fuelLevel: z.number().min(0).nullable().optional(),
  isRefueling: z.boolean().nullable().optional(),
  odometer: z.number().min(0).nullable().optional(),
  keyholder: z.boolean().nullable().optional(),
  locked: z.boolean().nullable().optional(),
  immobilized: z.boolean().nullable().optional(),
  lat: z.number().min(-90).max(90).nullable().optional(),
  lon: z.number().min(-180).max(180).nullable().optional(),
});
export type StatusPatch = z.infer<typeof ZStatusPatch>;

/**
 * A status report. `raised` names the alarm conditions present at the vehicle now, `cleared` those that are over
 * (the handler dedupes: an alarm is inserted only when none of that name is open).
 */
export const ZStatusReport = z.object({
  vin: z.string().min(1).max(40),
  occurred: z.iso.datetime({ offset: true }).optional(),
  status: ZStatusPatch.default({}),
  alarms: z.object({ raised: z.array(ZAlarmName).default([]), cleared: z.array(ZAlarmName).default([]) }).default({ raised: [], cleared: [] }),
});
export type StatusReport = z.infer<typeof ZStatusReport>;

/** What the MQTT adapter publishes on `{prefix}/vehicles/{vin}/commands`. */
export const ZCommandMessage = z.object({ commandId: z.number().int().positive(), command: ZRemoteCommand, issuedAt: z.string() });
export type CommandMessage = z.infer<typeof ZCommandMessage>;

/** Receives what the vehicles send. Implemented by the vehicle-commands module (writes to the database). */
export interface TelematicsHandler {
  onAck(ack: CommandAck): Promise<void>;
  /** Several reports at once (the simulator's tick) are written in one go. */
  onStatus(reports: StatusReport[]): Promise<void>;
}

export interface Telematics {
  readonly kind: 'simulator' | 'mqtt';
  /** Starts delivering answers and reports to `handler`. */
  start(handler: TelematicsHandler): Promise<void>;
  /** Hands a command to the vehicle. Throws when it cannot be handed over at all. */
  send(command: TelematicsCommand): Promise<void>;
  /** Stops timers and connections; nothing is delivered afterwards. */
  stop(): Promise<void>;
}

/** send() could not hand the command to the vehicle at all (no broker, simulator stopped): the command fails at once. */
export class TelematicsUnavailableError extends Error {
  override name = 'TelematicsUnavailableError';
}

/** Where log lines go (Fastify's logger fits). */
export interface TelematicsLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(obj: unknown, msg?: string): void;
}

/** A random source in [0, 1), injectable so tests are deterministic. */
export type RandomSource = () => number;
