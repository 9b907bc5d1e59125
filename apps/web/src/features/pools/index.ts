export { PoolsPage } from './components/pools-page';
export { validatePoolsSearch, type PoolsSearch } from './pools-search';
