/** The public surface of this module (docs/decisions/0049-import-boundaries.md): other modules import only from here. */
export { appendEvent, decodeCursor, encodeCursor, eventTextColumns, countEvents, searchEvents, type Cursor } from './service.ts';
export { customerTimeline, timelineKindSql } from './timeline.ts';
