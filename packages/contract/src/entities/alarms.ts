import { z } from 'zod';
import { ZAlarmCategory, ZAlarmName, ZAlarmState } from '../enums.ts';
import { ZIsoDateTime } from './common.ts';

/** Alarms (§3 Alarm). */

export const ZAlarm = z.object({
  alarmId: z.number().int(),
  state: ZAlarmState,
  name: ZAlarmName,
  category: ZAlarmCategory,
  alarmTypes: z.array(z.string()),
  alarmTimestamp: ZIsoDateTime,
  handled: z.boolean(),
  handledAt: ZIsoDateTime.nullable(),
  handledBy: z.string().nullable(),
  assignedTo: z.string().nullable(),
  user: z.string().nullable(),
  alarmTarget: z.object({ vehicleVin: z.string().nullable(), bid: z.string().nullable() }),
  primaryObject: z.string(),
});
export type Alarm = z.infer<typeof ZAlarm>;
