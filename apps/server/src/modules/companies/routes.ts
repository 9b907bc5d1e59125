import fastifyMultipart from '@fastify/multipart';
import {
  ZBatchCreateForm,
  ZBatchCreateQuery,
  ZBatchCreateResponse,
  ZCompanyDetail,
  ZCompanyParams,
  ZCompanyTreeResponse,
  ZCompanyUpdate,
  ZCompanyUpdateResponse,
  ZCompanyUsersQuery,
  ZCompanyUsersResponse,
  ZErrorEnvelope,
  ZFleetByUsernameParams,
  ZFleetByUsernameResponse,
  ZTopLevelCompaniesResponse,
} from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { BATCH_FORM_LIMITS, notMultipart, readBatchUpload } from './batch-form.ts';
import { createUserBatch } from './batch-service.ts';
import { getCompanyDetail, getCompanyTree, getFleetByUsername, listCompanyUsers, listTopLevelCompanies, updateCompany } from './service.ts';

const tags = ['companies'];
const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope };

/** Companies, users by company, batch user creation, fleet by user name (issue 6; docs/decisions/0027-companies-batch.md). */
export function registerCompanyRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/companies',
    {
      schema: {
        tags,
        summary: "The operator's company tree (top-level companies with their children, by name)",
        response: { 200: ZCompanyTreeResponse, 401: ZErrorEnvelope },
      },
    },
    async (request) => getCompanyTree(db, requireSession(request)),
  );

  app.get(
    '/api/companies/top-level',
    {
      schema: {
        tags,
        summary: 'The top-level companies (the ones batch import is offered for)',
        response: { 200: ZTopLevelCompaniesResponse, 401: ZErrorEnvelope },
      },
    },
    async (request) => listTopLevelCompanies(db, requireSession(request)),
  );

  app.post(
    '/api/companies/refresh-cache',
    {
      schema: {
        tags,
        summary: 'Refresh the company cache: the server keeps none (it is stateless), so this answers the tree read afresh',
        response: { 200: ZCompanyTreeResponse, 401: ZErrorEnvelope },
      },
    },
    async (request) => getCompanyTree(db, requireSession(request)),
  );

  app.get(
    '/api/companies/:id',
    {
      schema: {
        tags,
        summary: 'Company detail: segments, e-mail domains, contact, parent hierarchy, children, user counts',
        params: ZCompanyParams,
        response: { 200: ZCompanyDetail, ...errors },
      },
    },
    async (request) => getCompanyDetail(db, requireSession(request), request.params.id),
  );

  app.put(
    '/api/companies/:id',
    {
      schema: {
        tags,
        summary: "Update a company's name, type, segments, e-mail domains and contact (ADMIN)",
        params: ZCompanyParams,
        body: ZCompanyUpdate,
        response: { 200: ZCompanyUpdateResponse, ...errors, 403: ZErrorEnvelope, 409: ZErrorEnvelope },
      },
    },
    async (request) => updateCompany(db, requireSession(request), request.params.id, request.body),
  );

  app.get(
    '/api/companies/:id/users',
    {
      schema: {
        tags,
        summary:
          "The company's users (and its subtree's unless includeChildren=false): status filter, phrase, sort (applyDate desc by default), paging 10/25/50",
        params: ZCompanyParams,
        querystring: ZCompanyUsersQuery,
        response: { 200: ZCompanyUsersResponse, ...errors },
      },
    },
    async (request) => listCompanyUsers(db, requireSession(request), request.params.id, request.query),
  );

  app.get(
    '/api/fleets/by-username/:username',
    {
      schema: {
        tags: ['fleets'],
        summary: "Fleet by user name: the operator ({fleet, name}) of one of the session operator's users; 404 otherwise",
        params: ZFleetByUsernameParams,
        response: { 200: ZFleetByUsernameResponse, ...errors },
      },
    },
    async (request) => getFleetByUsername(db, requireSession(request), request.params.username),
  );

  // The upload in its own scope: only this route parses multipart, and any other body is a 400 (not 415).
  void app.register(async (scope: App) => {
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyMultipart, { limits: BATCH_FORM_LIMITS });
    scope.addContentTypeParser('*', (_request, _payload, done) => done(notMultipart(), undefined));

    scope.post(
      '/api/users/createBatch',
      {
        schema: {
          tags: ['users'],
          summary:
            'Batch user creation (SUPPORT and ADMIN staff): multipart/form-data with the .csv file part "file" and companyId (query or form field) of a top-level company',
          consumes: ['multipart/form-data'],
          multipartBody: ZBatchCreateForm,
          querystring: ZBatchCreateQuery,
          response: { 200: ZBatchCreateResponse, ...errors, 409: ZErrorEnvelope },
        },
      },
      async (request) => createUserBatch(db, requireSession(request), request.query, () => readBatchUpload(request)),
    );
  });
}
