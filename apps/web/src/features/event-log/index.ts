export { EventLogPage, type EventLogPageProps } from './components/event-log-page';
export { EventTable, type EventTableVariant } from './components/event-table';
export { eventLogKeys, eventSearchQueryOptions } from './api/event-log-api';
export {
  validateEventLogSearch,
  eventLogFilterOf,
  effectiveGroups,
  effectivePeriod,
  hasSubject,
  searchOfSubmit,
  type EventLogSearch,
  type EventLogFilter,
} from './event-log-search';
export { prependFollowed } from './event-follow';
