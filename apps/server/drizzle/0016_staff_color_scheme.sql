-- A staff member's colour scheme (issue 19 point 6; docs/decisions/0078-color-scheme-preference.md): system (follow the
-- browser), light or dark, read and changed by the member through GET/PATCH /api/me/preferences. Customers keep the default.
ALTER TABLE "users" ADD COLUMN "color_scheme" text DEFAULT 'system' NOT NULL;