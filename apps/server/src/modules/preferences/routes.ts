import { ZErrorEnvelope, ZStaffPreferences, ZStaffPreferencesUpdate } from '@fleetdesk/contract';
import { requireSession, type App, type AppContext } from '../../http/context.ts';
import { getOwnPreferences, updateOwnPreferences } from './service.ts';

const tags = ['preferences'];

/** The signed-in staff member's own preferences (contract in packages/contract/src/api/preferences.ts). */
export function registerPreferenceRoutes(app: App, { db }: AppContext) {
  app.get(
    '/api/me/preferences',
    {
      schema: {
        tags,
        summary: "The signed-in staff member's own preferences (the colour scheme)",
        response: { 200: ZStaffPreferences, 401: ZErrorEnvelope },
      },
    },
    async (request) => getOwnPreferences(db, requireSession(request)),
  );

  app.patch(
    '/api/me/preferences',
    {
      schema: {
        tags,
        summary: "Change the signed-in staff member's own preferences; unknown keys or values answer 400",
        body: ZStaffPreferencesUpdate,
        response: { 200: ZStaffPreferences, 400: ZErrorEnvelope, 401: ZErrorEnvelope },
      },
    },
    async (request) => updateOwnPreferences(db, requireSession(request), request.body),
  );
}
