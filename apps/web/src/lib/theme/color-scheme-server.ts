import type { ColorSchemeChoice } from '@fleetdesk/contract';
import { apiClient } from '../api/client';
import type { ColorSchemeServer } from './color-scheme';

const schema = () => import('./preferences-schema').then((module) => module.ZStaffPreferences);

/**
 * The signed-in staff member's colour scheme on the server (GET/PATCH /api/me/preferences;
 * docs/decisions/0078-color-scheme-preference.md), handed to the colour-scheme store by main.tsx.
 */
export const colorSchemeServer: ColorSchemeServer = {
  load: async () => (await apiClient.request('/me/preferences', { schema })).colorScheme,
  save: async (choice: ColorSchemeChoice) =>
    (await apiClient.request('/me/preferences', { method: 'PATCH', body: { colorScheme: choice }, schema })).colorScheme,
};
