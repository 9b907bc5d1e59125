export { StaffPage, type StaffPageProps } from './components/staff-page';
export { validateStaffSearch, staffSearchOf, type StaffSearch, type StaffStatusFilter } from './staff-search';
export { staffKeys, staffListQueryOptions, useStaffList } from './api/staff-api';
