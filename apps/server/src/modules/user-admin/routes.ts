import {
  ZBlockRequest,
  ZBlockStatusResponse,
  ZBulkApproveRequest,
  ZBulkApproveResponse,
  ZErrorEnvelope,
  ZFreeMonths,
  ZPendingDeletionQuery,
  ZMembershipCheckRequest,
  ZMembershipCheckResponse,
  ZPendingDeletionResponse,
  ZUserActionResponse,
  ZUserDetail,
  ZUsernameParams,
  ZUserUpdateRequest,
  ZVerifyIdentityRequest,
} from '@fleetdesk/contract';
import { z } from 'zod';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import {
  activateUser,
  approveUser,
  approveUsers,
  blockUser,
  checkMembership,
  getBlockStatus,
  reactivateUser,
  requestUserDeletion,
  resendConfirmation,
  resetUserPassword,
  verifyIdentity,
} from './actions.ts';
import { confirmUserDeletion, getFreeMonths, listPendingDeletion, setFreeMonths, updateUser } from './service.ts';
import { getUserDetail } from './user-view.ts';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope, 409: ZErrorEnvelope };
const tags = ['users'];

/** User page API (issue 6; docs/decisions/0025-user-admin.md; contract in packages/contract/src/api/user-admin.ts). */
export function registerUserAdminRoutes(app: App, { db, config }: AppContext) {
  const view = { publicUrl: config.publicUrl };
  const auth = { ...view, sessionTtlMs: config.SESSION_TTL_MINUTES * 60_000 };

  app.get(
    '/api/users/:username',
    {
      schema: {
        tags,
        summary: 'The §3 User with the user page extras (vehicle access, licence, available actions)',
        params: ZUsernameParams,
        response: { 200: ZUserDetail, ...errors },
      },
    },
    async (request) => getUserDetail(db, requireSession(request), request.params.username, view),
  );

  app.put(
    '/api/users/:username',
    {
      schema: {
        tags,
        summary: 'Update a user (§5 rules; §6 fields locked for single sign-on; a new user name replaces the old one, 409 when taken)',
        params: ZUsernameParams,
        body: ZUserUpdateRequest,
        response: { 200: ZUserDetail, ...errors },
      },
    },
    async (request) => updateUser(db, requireSession(request), request.params.username, request.body, view),
  );

  app.delete(
    '/api/users/:username',
    {
      schema: {
        tags,
        summary: 'Confirm deletion (only from DELETION_REQUESTED): removes the user',
        params: ZUsernameParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await confirmUserDeletion(db, requireSession(request), request.params.username);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/:username/block',
    {
      schema: {
        tags,
        summary: 'The block status (null when not blocked)',
        params: ZUsernameParams,
        response: { 200: ZBlockStatusResponse, ...errors },
      },
    },
    async (request) => getBlockStatus(db, requireSession(request), request.params.username),
  );

  app.post(
    '/api/users/:username/block',
    {
      schema: {
        tags,
        summary: 'Block (§4 statuses; a §4 block reason is required)',
        params: ZUsernameParams,
        body: ZBlockRequest,
        response: { 200: ZUserDetail, ...errors },
      },
    },
    async (request) =>
      blockUser(db, requireSession(request), request.params.username, request.body.blockReason, request.body.blockMessage ?? null, view),
  );

  app.post(
    '/api/users/:username/activate',
    {
      schema: {
        tags,
        summary: 'Activate (§4): BLOCKED or DELETION_REQUESTED → ACTIVE, the block status and the deletion request cleared',
        params: ZUsernameParams,
        response: { 200: ZUserDetail, ...errors },
      },
    },
    async (request) => activateUser(db, requireSession(request), request.params.username, view),
  );

  app.post(
    '/api/users/:username/reactivate',
    {
      schema: {
        tags,
        summary: 'Reactivate: the same Activate for a DELETION_REQUESTED user (→ ACTIVE, block status and deletion request cleared)',
        params: ZUsernameParams,
        response: { 200: ZUserDetail, ...errors },
      },
    },
    async (request) => reactivateUser(db, requireSession(request), request.params.username, view),
  );

  app.post(
    '/api/users/:username/approve',
    {
      schema: {
        tags,
        summary: 'Approve (AWAITING_APPROVAL or PENDING_OLD → APPROVED)',
        params: ZUsernameParams,
        response: { 200: ZUserDetail, ...errors },
      },
    },
    async (request) => approveUser(db, requireSession(request), request.params.username, view),
  );

  app.post(
    '/api/users/:username/requestDeletion',
    {
      schema: {
        tags,
        summary: 'Request deletion (any status but DELETION_REQUESTED)',
        params: ZUsernameParams,
        response: { 200: ZUserDetail, ...errors },
      },
    },
    async (request) => requestUserDeletion(db, requireSession(request), request.params.username, view),
  );

  app.post(
    '/api/users/:username/resend-confirmation',
    {
      schema: {
        tags,
        summary: 'Resend the registration confirmation mail (PENDING or AWAITING_CONFIRMATION)',
        params: ZUsernameParams,
        response: { 200: ZUserActionResponse, ...errors },
      },
    },
    async (request) => resendConfirmation(db, requireSession(request), request.params.username, view),
  );

  app.post(
    '/api/users/:username/password-reset',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (409 when password login is not allowed or the user signs in with single sign-on)',
        params: ZUsernameParams,
        response: { 200: ZUserActionResponse, ...errors },
      },
    },
    async (request) => resetUserPassword(db, requireSession(request), request.params.username, auth),
  );

  app.post(
    '/api/users/:username/verify-identity',
    {
      schema: {
        tags,
        summary: 'Mark the identity as verified (by the acting staff member, now)',
        params: ZUsernameParams,
        body: ZVerifyIdentityRequest,
        response: { 200: ZUserDetail, ...errors },
      },
    },
    async (request) => verifyIdentity(db, requireSession(request), request.params.username, request.body?.identityMethod, view),
  );

  app.post(
    '/api/users/:username/membership/check',
    {
      schema: {
        tags,
        summary: "Check the user's housing-association membership with the code the resident gave (§7)",
        params: ZUsernameParams,
        body: ZMembershipCheckRequest,
        response: { 200: ZMembershipCheckResponse, ...errors },
      },
    },
    async (request) => checkMembership(db, requireSession(request), request.params.username, request.body.companyCode, view),
  );

  app.post(
    '/api/users/initCache',
    {
      schema: {
        tags,
        summary: 'Refresh the user and company caches (§7): the server keeps none, so this only answers 204',
        response: { 204: z.null(), 401: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      requireSession(request);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/users/:username/freeMonths',
    {
      schema: { tags, summary: 'Free months', params: ZUsernameParams, response: { 200: ZFreeMonths, ...errors } },
    },
    async (request) => getFreeMonths(db, requireSession(request), request.params.username),
  );

  app.put(
    '/api/users/:username/freeMonths',
    {
      schema: {
        tags,
        summary: 'Set free months (zero or more)',
        params: ZUsernameParams,
        body: ZFreeMonths,
        response: { 200: ZFreeMonths, ...errors },
      },
    },
    async (request) => setFreeMonths(db, requireSession(request), request.params.username, request.body.freeMonths),
  );

  app.post(
    '/api/admin/users/approved',
    {
      schema: {
        tags,
        summary: 'Bulk approve: per user the new status or the failure; with dryRun the plan (per user what would happen), nothing written',
        body: ZBulkApproveRequest,
        response: { 200: ZBulkApproveResponse, ...errors },
      },
    },
    async (request) => approveUsers(db, requireSession(request), request.body),
  );

  app.get(
    '/api/admin/users/pending-deletion',
    {
      schema: {
        tags,
        summary: "The operator's users awaiting deletion, oldest request first",
        querystring: ZPendingDeletionQuery,
        response: { 200: ZPendingDeletionResponse, ...errors },
      },
    },
    async (request) => listPendingDeletion(db, requireSession(request), request.query),
  );
}
