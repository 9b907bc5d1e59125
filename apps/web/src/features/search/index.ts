export { SupportSearchPage } from './components/support-search-page';
export { normalizeCriteria, bookingIdOf, type SearchCriteria } from './search-criteria';
