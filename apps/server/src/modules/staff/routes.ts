import {
  ZErrorEnvelope,
  ZStaffCreateRequest,
  ZStaffList,
  ZStaffMember,
  ZStaffResetPasswordResponse,
  ZStaffUpdateRequest,
  ZStaffUsernameParams,
} from '@fleetdesk/contract';
import type { FastifyRequest } from 'fastify';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { assertStaffAdmin, createStaffMember, listStaff, sendStaffPasswordLink, updateStaffMember } from './service.ts';

const tags = ['staff'];
const denied = { 401: ZErrorEnvelope, 403: ZErrorEnvelope };

/**
 * The operator's staff accounts, for ADMIN staff (issue 13; contract in packages/contract/src/api/staff.ts;
 * docs/decisions/0039-staff-accounts.md). The ADMIN policy also runs before validation, so SUPPORT gets 403 and
 * never a 400 that tells what the body should look like.
 */
export function registerStaffRoutes(app: App, { db, config }: AppContext) {
  const settings = { publicUrl: config.publicUrl };
  const adminOnly = async (request: FastifyRequest) => {
    assertStaffAdmin(request.session);
  };

  app.get(
    '/api/staff',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: "The operator's staff accounts (user name order) with the acting admin's abilities on each",
        response: { 200: ZStaffList, ...denied },
      },
    },
    async (request) => listStaff(db, requireSession(request)),
  );

  app.post(
    '/api/staff',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Create a staff account: the member gets a mail with a link to set the password (409 when the user name is taken by anyone)',
        body: ZStaffCreateRequest,
        response: { 201: ZStaffMember, 400: ZErrorEnvelope, ...denied, 409: ZErrorEnvelope },
      },
    },
    async (request, reply) => reply.status(201).send(await createStaffMember(db, requireSession(request), request.body, settings)),
  );

  app.patch(
    '/api/staff/:username',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Change the role and/or disable or enable the account (disabling ends all its sessions); 409 for yourself or the last enabled admin',
        params: ZStaffUsernameParams,
        body: ZStaffUpdateRequest,
        response: { 200: ZStaffMember, 400: ZErrorEnvelope, ...denied, 404: ZErrorEnvelope, 409: ZErrorEnvelope },
      },
    },
    async (request) => updateStaffMember(db, requireSession(request), request.params.username, request.body),
  );

  app.post(
    '/api/staff/:username/reset-password',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Mail the member a password reset link (the set-password link again while none is set); 409 when the member may not use a password',
        params: ZStaffUsernameParams,
        response: { 202: ZStaffResetPasswordResponse, 400: ZErrorEnvelope, ...denied, 404: ZErrorEnvelope, 409: ZErrorEnvelope },
      },
    },
    async (request, reply) => reply.status(202).send(await sendStaffPasswordLink(db, requireSession(request), request.params.username, settings)),
  );
}
