import {
  eventValue,
  eventText,
  MESSAGE_IDS,
  MESSAGES,
  ZRemoteCommand,
  type MessageKey,
  type RemoteCommand,
  type VehicleCommandResult,
} from '@fleetdesk/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, users, vehicleCommands, vehicleStatus, vehicles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { TelematicsUnavailableError, type Telematics } from '../../integrations/telematics/types.ts';
import type { Actor } from '../auth/index.ts';
import { appendEvent } from '../events/index.ts';
import { commandsNeedingReason, findFleetVehicle, vehicleAbilities } from '../vehicles/index.ts';

/**
 * Remote commands (§7 lock/unlock/mobilize/immobilize, agent reboot and wake-up). A command is a vehicle_commands
 * row, PENDING until the vehicle answers through the telematics integration (telematics-handler.ts) or the sweeper
 * times it out (sweeper.ts). Rules in docs/decisions/0017-telematics.md.
 */

/** How many commands GET /api/vehicles/by-vin/{vin}/commands lists. */
export const COMMAND_HISTORY_SIZE = 20;

export const COMMAND_LABEL: Record<RemoteCommand, string> = {
  LOCK: 'Lock',
  UNLOCK: 'Unlock',
  MOBILIZE: 'Mobilize',
  IMMOBILIZE: 'Immobilize',
  REBOOT: 'Agent reboot',
  WAKE_UP: 'Agent wake-up',
};

type CommandRow = typeof vehicleCommands.$inferSelect;

export function toCommandResult(row: CommandRow, vin: string): VehicleCommandResult {
  return {
    id: row.id,
    vin,
    command: ZRemoteCommand.parse(row.command),
    state: row.state,
    bid: row.bid,
    reason: row.reason,
    requestedBy: row.requestedBy,
    requestedAt: row.requestedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    message: row.message,
  };
}

const notAvailable = (reason: string | null) =>
  AppError.of(
    MESSAGE_IDS.commandNotAvailable,
    400,
    'commandNotAvailable',
    undefined,
    reason && isMessageKey(reason) ? [{ messageId: reason, message: MESSAGES[reason] }] : [],
  );
const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(MESSAGES, value);
const reasonRequired = () =>
  AppError.of(MESSAGE_IDS.commandReasonRequired, 400, 'commandReasonRequired', undefined, [
    { field: 'reason', message: MESSAGES.commandReasonRequired },
  ]);

/**
 * Sends a command to one of the operator's vehicles. Refused (400) when the vehicle does not offer it now, and
 * without a reason for IMMOBILIZE or while a booking is active on the vehicle (the command overrides the
 * customer's trip). The command row and its REMOTE_COMMAND event commit together; the command goes to the
 * vehicle after the commit. Answers the PENDING command (or FAILED when it could not be handed over at all).
 */
export async function requestVehicleCommand(
  db: Db,
  telematics: Telematics,
  actor: Actor,
  vin: string,
  command: RemoteCommand,
  input: { reason?: string | undefined },
  now = new Date(),
): Promise<VehicleCommandResult> {
  const vehicle = await findFleetVehicle(db, actor, vin);
  const [status] = await db
    .select({ locked: vehicleStatus.locked, immobilized: vehicleStatus.immobilized })
    .from(vehicleStatus)
    .where(eq(vehicleStatus.vehicleId, vehicle.id))
    .limit(1);
  // The same rule as the vehicle's abilities (vehicle-view.ts): refused with its reason, when it has one.
  const ability = vehicleAbilities(vehicle.agentHardwareType, status ?? null)[command];
  if (!ability.allowed) throw notAvailable(ability.reason);

  const [active] = await db
    .select({ bid: bookings.bid, username: users.username })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.allocatedVehicleId, vehicle.id), eq(bookings.state, 'ACTIVE'), eq(bookings.fleetId, actor.fleet)))
    .orderBy(desc(bookings.startTime))
    .limit(1);
  const reason = input.reason?.trim() || null;
  if (!reason && commandsNeedingReason(active?.bid ?? null).includes(command)) throw reasonRequired();

  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(vehicleCommands)
      .values({
        fleetId: actor.fleet,
        vehicleId: vehicle.id,
        bid: active?.bid ?? null,
        command,
        state: 'PENDING',
        reason,
        requestedBy: actor.username,
        requestedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('vehicle command insert returned nothing');
    const force = Boolean(active);
    const sent = force
      ? eventText('commandSentDuringBooking', { command: eventValue('command', command), bid: active?.bid ?? '' })
      : eventText('commandSent', { command: eventValue('command', command) });
    await appendEvent(tx, actor, {
      type: 'REMOTE_COMMAND',
      occurred: now,
      vin: vehicle.vin,
      bid: active?.bid ?? null,
      affectedUsername: active?.username ?? null,
      text: reason ? [sent, eventText('withCommandReason', { reason })] : sent,
      properties: { commandId: inserted.id, command, result: 'PENDING', ...(reason ? { reason } : {}), ...(force ? { force: true } : {}) },
    });
    return inserted;
  });

  try {
    await telematics.send({ commandId: row.id, vin: vehicle.vin, command, issuedAt: now.toISOString() });
  } catch (err) {
    if (!(err instanceof TelematicsUnavailableError)) throw err;
    const failed = await failCommand(db, row.id, vehicle.vin, err.message.slice(0, 500), new Date());
    if (failed) return toCommandResult(failed, vehicle.vin);
  }
  return toCommandResult(row, vehicle.vin);
}

/** Marks a PENDING command FAILED with `message` and records the failure; null when it was no longer pending. */
async function failCommand(db: Db, id: number, vin: string, message: string, now: Date): Promise<CommandRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(vehicleCommands)
      .set({ state: 'FAILED', message, completedAt: now })
      .where(and(eq(vehicleCommands.id, id), eq(vehicleCommands.state, 'PENDING')))
      .returning();
    if (!row) return null;
    await recordCommandAnswer(tx, row, vin, now);
    return row;
  });
}

/**
 * Appends the REMOTE_COMMAND event of a command's outcome: acting is who sent it, affected the customer of the
 * booking it was sent during.
 */
export async function recordCommandAnswer(tx: Db, row: CommandRow, vin: string, now: Date): Promise<void> {
  let affected: string | null = null;
  if (row.bid) {
    const [b] = await tx
      .select({ username: users.username })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(and(eq(bookings.bid, row.bid), eq(bookings.fleetId, row.fleetId)))
      .limit(1);
    affected = b?.username ?? null;
  }
  const command = ZRemoteCommand.parse(row.command);
  const label = eventValue('command', command);
  const succeeded = row.state === 'SUCCEEDED';
  const text = succeeded
    ? command === 'REBOOT'
      ? eventText('agentRebooted')
      : command === 'WAKE_UP'
        ? eventText('agentAwakened')
        : eventText('commandSucceeded', { command: label })
    : row.message
      ? eventText('commandFailed', { command: label, message: row.message })
      : eventText('commandTimedOut', { command: label });
  await appendEvent(
    tx,
    { username: row.requestedBy, fleet: row.fleetId },
    {
      type: 'REMOTE_COMMAND',
      occurred: now,
      vin,
      bid: row.bid,
      affectedUsername: affected,
      text,
      properties: {
        commandId: row.id,
        command,
        result: row.state,
        ...(row.message ? { message: row.message } : {}),
        ...(row.reason ? { reason: row.reason } : {}),
      },
    },
  );
}

/** GET /api/vehicles/commands/{commandId}: another operator's command answers 404 like an unknown one. */
export async function getVehicleCommand(db: Db, actor: Actor, commandId: number): Promise<VehicleCommandResult> {
  const [found] = await db
    .select({ c: vehicleCommands, vin: vehicles.vin })
    .from(vehicleCommands)
    .innerJoin(vehicles, eq(vehicles.id, vehicleCommands.vehicleId))
    .where(and(eq(vehicleCommands.id, commandId), eq(vehicleCommands.fleetId, actor.fleet)))
    .limit(1);
  if (!found) throw AppError.notFound(MESSAGE_IDS.commandNotFound, 'commandNotFound');
  return toCommandResult(found.c, found.vin);
}

/** GET /api/vehicles/by-vin/{vin}/commands: the latest commands of the vehicle, newest first. */
export async function listVehicleCommands(db: Db, actor: Actor, vin: string): Promise<VehicleCommandResult[]> {
  const vehicle = await findFleetVehicle(db, actor, vin);
  const rows = await db
    .select()
    .from(vehicleCommands)
    .where(and(eq(vehicleCommands.vehicleId, vehicle.id), eq(vehicleCommands.fleetId, actor.fleet)))
    .orderBy(desc(vehicleCommands.requestedAt), desc(vehicleCommands.id))
    .limit(COMMAND_HISTORY_SIZE);
  return rows.map((r) => toCommandResult(r, vehicle.vin));
}
