import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BATCH_FILE_FIELD,
  ZBatchCreateResponse,
  ZCompanyDetail,
  ZCompanyTreeResponse,
  ZCompanyUpdateResponse,
  ZCompanyUsersResponse,
  ZTopLevelCompaniesResponse,
  type CompanyUpdate,
  type CompanyUsersSortDirection,
  type CompanyUsersSortField,
  type UserStatus,
} from '@fleetdesk/contract';
import { apiClient } from '@/lib/api/client';
import { queryKey, queryKeyPrefix } from '@/lib/query/query-keys';

/** The users tab's query, as GET /api/companies/{id}/users takes it. */
export interface CompanyUsersFilter {
  status?: readonly UserStatus[];
  sort: CompanyUsersSortField;
  direction: CompanyUsersSortDirection;
  page: number;
  pageSize: number;
}

/** Query keys of the companies feature: `['companies', op, params]`; `['companies']` invalidates all of them. */
export const companyKeys = {
  all: () => queryKeyPrefix('companies'),
  tree: () => queryKey('companies', 'tree', {}),
  topLevel: () => queryKey('companies', 'topLevel', {}),
  one: (id: number) => queryKey('companies', 'one', { id }),
  users: (id: number, filter: CompanyUsersFilter) =>
    queryKey('companies', 'users', { id, ...filter, status: filter.status ? [...filter.status] : undefined }),
};

/** The screens show their own error states (with a retry) instead of a toast. */
const inline = { notifyErrors: false } as const;
const companyPath = (id: number) => `/companies/${id}`;

/** GET /api/companies: the operator's tree, children by name at every level. */
export const companyTreeQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.tree(),
    queryFn: ({ signal }) => apiClient.request('/companies', { schema: ZCompanyTreeResponse, signal }),
    // §8: company load failures show a notification (and the tree its error state).
  });
export const useCompanyTree = () => useQuery(companyTreeQueryOptions());

/** GET /api/companies/top-level: the companies batch import is offered for. */
export const topLevelCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.topLevel(),
    queryFn: ({ signal }) => apiClient.request('/companies/top-level', { schema: ZTopLevelCompaniesResponse, signal }),
    meta: inline,
  });
export const useTopLevelCompanies = () => useQuery(topLevelCompaniesQueryOptions());

/** GET /api/companies/{id} */
export const companyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: companyKeys.one(id),
    queryFn: ({ signal }) => apiClient.request(companyPath(id), { schema: ZCompanyDetail, signal }),
  });
export const useCompany = (id: number) => useQuery(companyQueryOptions(id));

/** GET /api/companies/{id}/users: the company's subtree's customers, sorted and paged by the server. */
export const companyUsersQueryOptions = (id: number, filter: CompanyUsersFilter) =>
  queryOptions({
    queryKey: companyKeys.users(id, filter),
    queryFn: ({ signal }) =>
      apiClient.request(`${companyPath(id)}/users`, {
        query: {
          status: filter.status?.length ? filter.status.join(',') : undefined,
          sort: filter.sort,
          direction: filter.direction,
          page: filter.page,
          pageSize: filter.pageSize,
        },
        schema: ZCompanyUsersResponse,
        signal,
      }),
    meta: inline,
  });
export const useCompanyUsers = (id: number, filter: CompanyUsersFilter) =>
  useQuery({ ...companyUsersQueryOptions(id, filter), placeholderData: (previous) => previous });

/**
 * The refresh action (issue 6 point 8): POST /api/users/initCache (§7) and POST /api/companies/refresh-cache. The server
 * keeps no cache (docs/decisions/0025, 0027): the first answers 204, the second the tree read afresh, which replaces
 * the cached tree; the open company's detail and users are read again too.
 */
export function useRefreshCompanies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiClient.request('/users/initCache', { method: 'POST' });
      return apiClient.request('/companies/refresh-cache', { method: 'POST', schema: ZCompanyTreeResponse });
    },
    onSuccess: async (tree) => {
      queryClient.setQueryData(companyKeys.tree(), tree);
      await queryClient.invalidateQueries({ queryKey: companyKeys.all(), predicate: (query) => query.queryKey[1] !== 'tree' });
    },
  });
}

/** PUT /api/companies/{id} (ADMIN). */
export function useUpdateCompany(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: CompanyUpdate) => apiClient.request(companyPath(id), { method: 'PUT', body: update, schema: ZCompanyUpdateResponse }),
    onSuccess: async (company) => {
      queryClient.setQueryData(companyKeys.one(id), company);
      // The name and type show in the tree and the batch screen's list.
      await queryClient.invalidateQueries({ queryKey: companyKeys.all(), predicate: (query) => query.queryKey[1] !== 'one' });
    },
  });
}

/** POST /api/users/createBatch?companyId= with the .csv as the multipart part `file` (ADMIN). */
export const createUserBatch = (companyId: number, file: File) => {
  const form = new FormData();
  form.append(BATCH_FILE_FIELD, file, file.name);
  return apiClient.request('/users/createBatch', { method: 'POST', query: { companyId }, body: form, schema: ZBatchCreateResponse });
};

export function useCreateUserBatch(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => createUserBatch(companyId, file),
    meta: inline,
    // New users show in the company's users tab and counts.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all(), predicate: (query) => query.queryKey[1] !== 'tree' }),
  });
}
