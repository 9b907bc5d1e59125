export { UsersPage, type UsersPageProps } from './components/users-page';
export { UserPage, type UserPageProps } from './components/user-page';
export { UserStatusChip } from './components/user-status-chip';
export { userKeys, userQueryOptions, useUser, useApplyUser } from './api/users-api';
export { validateUsersSearch, validateUserPageSearch, type UsersSearch, type UserPageSearch } from './users-search';
