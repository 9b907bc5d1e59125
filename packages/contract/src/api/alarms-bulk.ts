import { z } from 'zod';
import { ZAlarmName } from '../enums.ts';
import { ZIsoDateTime } from '../entities.ts';
import { MESSAGES } from '../messages.ts';
import { ZIntId } from '../safe-input.ts';

/**
 * Bulk actions on alarms and alarm comments (issue 19 point 4; docs/decisions/0074-bulk-actions.md).
 *
 * - POST /api/alarms/bulk                     ZAlarmBulkRequest → ZAlarmBulkResponse (200; per alarm its outcome).
 *   With `dryRun` nothing changes and the outcomes are the plan (PLANNED or SKIPPED with the reason); without it
 *   each alarm is handled on its own (DONE, SKIPPED or FAILED) and every DONE writes one event.
 * - GET  /api/alarms/{alarmId}/comments       → ZAlarmCommentListResponse (oldest first)
 * - POST /api/alarms/{alarmId}/comments       ZAlarmCommentCreateRequest → 201 ZAlarmComment
 */

/** At most this many alarms in one bulk request (a larger one answers 400). */
export const ALARM_BULK_MAX = 500;
export const ALARM_COMMENT_MAX = 2000;

export const ZAlarmBulkAction = z.enum(['ACKNOWLEDGE', 'ASSIGN']);
export type AlarmBulkAction = z.infer<typeof ZAlarmBulkAction>;

export const ZAlarmBulkRequest = z
  .object({
    action: ZAlarmBulkAction,
    ids: z.array(ZIntId).min(1, { error: MESSAGES.required }).max(ALARM_BULK_MAX),
    /** ASSIGN: a staff member of the operator, or null to take the assignment away. */
    assignee: z.string().trim().min(1).max(100).nullable().optional(),
    dryRun: z.boolean().default(false),
  })
  .refine((b) => b.action !== 'ASSIGN' || b.assignee !== undefined, { path: ['assignee'], error: MESSAGES.required });
export type AlarmBulkRequest = z.infer<typeof ZAlarmBulkRequest>;

/** PLANNED only in a dry run; DONE, SKIPPED (nothing to do, or not this operator's) and FAILED when applied. */
export const ZAlarmBulkOutcome = z.enum(['PLANNED', 'DONE', 'SKIPPED', 'FAILED']);
export type AlarmBulkOutcome = z.infer<typeof ZAlarmBulkOutcome>;
/** Why an alarm is skipped or failed. NOT_FOUND also covers another operator's alarm. */
export const ZAlarmBulkReason = z.enum(['NOT_FOUND', 'ALREADY_HANDLED', 'ALREADY_ASSIGNED', 'CONFLICT']);
export type AlarmBulkReason = z.infer<typeof ZAlarmBulkReason>;

export const ZAlarmBulkResult = z.object({
  alarmId: z.number().int(),
  outcome: ZAlarmBulkOutcome,
  reason: ZAlarmBulkReason.nullable(),
  /** The alarm's name and what it is on (VIN, else BID, else the primary object); null when not found. */
  name: ZAlarmName.nullable(),
  target: z.string().nullable(),
});
export type AlarmBulkResult = z.infer<typeof ZAlarmBulkResult>;

export const ZAlarmBulkResponse = z.object({
  action: ZAlarmBulkAction,
  dryRun: z.boolean(),
  assignee: z.string().nullable(),
  results: z.array(ZAlarmBulkResult),
  counts: z.object({ planned: z.number().int(), done: z.number().int(), skipped: z.number().int(), failed: z.number().int() }),
});
export type AlarmBulkResponse = z.infer<typeof ZAlarmBulkResponse>;

export const ZAlarmComment = z.object({
  id: z.number().int(),
  alarmId: z.number().int(),
  author: z.string(),
  text: z.string(),
  createdAt: ZIsoDateTime,
});
export type AlarmComment = z.infer<typeof ZAlarmComment>;
export const ZAlarmCommentListResponse = z.object({ results: z.array(ZAlarmComment) });
export const ZAlarmCommentCreateRequest = z.object({
  text: z.string().trim().min(1, { error: MESSAGES.required }).max(ALARM_COMMENT_MAX),
});
