-- The support search's user-name walk (modules/search/service.ts userKeys, second phase, for phrases with many
-- matches) reads only this index: the fleet, the sort key and every searched column, so no heap fetch per row.
-- Not declared in schema.ts: drizzle's index builder has no INCLUDE (docs/decisions/0015-support-search.md).
CREATE INDEX IF NOT EXISTS "users_fleet_username_cover" ON "users" USING btree ("fleet_id", lower("username")) INCLUDE ("id", "role", "username", "given_name", "family_name", "email_address", "mobile_phone", "customer_number");
