-- Trigram search over names, phones, e-mail, registrations, VINs, models, pools and cities.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Range exclusion constraints (no double allocation of a vehicle).
CREATE EXTENSION IF NOT EXISTS btree_gist;
