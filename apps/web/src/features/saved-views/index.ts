/** Saved views as work queues (issue 19 point 3): lazy components, loaded with their strings when shown. */
export { ViewQueues, ViewsControl } from './lazy';
