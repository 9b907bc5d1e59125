export * from './enums.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './errors.ts';
export * from './entities.ts';
export * from './api/auth.ts';
export * from './api/fleets.ts';
export * from './api/events.ts';
