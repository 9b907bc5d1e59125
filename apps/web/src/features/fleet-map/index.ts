export { FleetMapPage } from './components/fleet-map-page';
export { validateFleetMapSearch, type FleetMapSearch } from './fleet-map-search';
