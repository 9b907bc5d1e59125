export { AlarmsPage } from './components/alarms-page';
export { validateAlarmsSearch, type AlarmsSearch } from './alarms-search';
