import { z } from 'zod';
import { COLOR_SCHEME_CHOICES } from '../values.ts';

/**
 * The signed-in staff member's own preferences (issue 19 point 6; docs/decisions/0078-color-scheme-preference.md):
 * read and changed by that member only, through their session; nobody reads or changes another member's.
 *
 * - GET   /api/me/preferences                              → ZStaffPreferences
 * - PATCH /api/me/preferences  ZStaffPreferencesUpdate     → ZStaffPreferences (what is stored afterwards)
 *
 * An unknown value or a key the body does not know answers 400 (`errorId.apigw.invalid.input`) and changes nothing.
 */

export const ZColorSchemeChoice = z.enum(COLOR_SCHEME_CHOICES);

export const ZStaffPreferences = z
  .object({
    /** `system` (the default) follows the browser's colour scheme; `light` or `dark` is the member's own choice. */
    colorScheme: ZColorSchemeChoice,
  })
  .meta({ id: 'StaffPreferences', description: "The signed-in staff member's own preferences" });
export type StaffPreferences = z.infer<typeof ZStaffPreferences>;

/** Any of the preferences; an empty body changes nothing. Strict: a key it does not know is refused, not dropped. */
export const ZStaffPreferencesUpdate = z.strictObject({
  colorScheme: ZColorSchemeChoice.optional(),
});
export type StaffPreferencesUpdate = z.infer<typeof ZStaffPreferencesUpdate>;
