import { z } from 'zod';
import { ZEventType, ZEventTypeGroup } from '../enums.ts';
import { ZEventTextPart } from '../event-texts.ts';
import { ZIsoDateTime } from './common.ts';

/** The event log (§3 Event). */

export const ZEventLogEntry = z.object({
  id: z.string(),
  occurred: ZIsoDateTime,
  received: ZIsoDateTime,
  bid: z.string().nullable(),
  vin: z.string().nullable(),
  actingUsername: z.string().nullable(),
  affectedUsername: z.string().nullable(),
  type: ZEventType,
  typeGroup: ZEventTypeGroup,
  /** The text in English, for clients that do not render `textParts` (docs/decisions/0048-event-texts.md). */
  displayText: z.string(),
  /**
   * The text as ids with parameters, rendered in the reader's language (`eventText.<id>`): parts joined with "; ".
   * Empty for entries written before texts were stored this way; then only `displayText` has the text.
   */
  textParts: z.array(ZEventTextPart).default([]),
  properties: z.object({ public: z.boolean().optional(), lat: z.number().optional(), lon: z.number().optional() }).catchall(z.unknown()),
});
export type EventLogEntry = z.infer<typeof ZEventLogEntry>;
