-- The event log at telematics scale (issue 20 point 2; docs/decisions/0083-event-partitions.md). Written by hand:
-- drizzle-kit cannot express partitioning (its snapshot holds the columns and the primary key (id, occurred, type)).
--
-- events is partitioned by LIST on "type", one partition per event type (and events_other_types, the DEFAULT, for a
-- type added later), each partitioned by RANGE on "occurred" in UTC days or months, plus a DEFAULT partition that
-- takes a row no range covers (a device clock years off), so an insert never fails. The `event-partitions` job
-- (src/modules/events/partitions.ts) creates the ranges ahead (days for a type with a retention, months for one kept)
-- and drops a type's ranges once they lie wholly beyond its retention, so a dropped partition never holds a kept row.
-- This migration creates a month for each type for every month from the oldest existing event to the newest, copies
-- the rows over, and keeps the id sequence, the indexes (now one per partition), the tx column and the events_announce
-- trigger (migration 0017; statement level, transition table on the partitioned table).
ALTER TABLE "events" RENAME TO "events_unpartitioned";--> statement-breakpoint
DROP TRIGGER "events_announce" ON "events_unpartitioned";--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint DEFAULT nextval('events_id_seq'::regclass) NOT NULL,
	"fleet_id" text NOT NULL,
	"occurred" timestamp with time zone NOT NULL,
	"received" timestamp with time zone DEFAULT now() NOT NULL,
	"bid" text,
	"vin" text,
	"acting_username" text,
	"affected_username" text,
	"type" text NOT NULL,
	"type_group" text NOT NULL,
	"display_text" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"text_parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tx" "xid8" DEFAULT pg_current_xact_id()
) PARTITION BY LIST ("type");--> statement-breakpoint
ALTER SEQUENCE "events_id_seq" OWNED BY "events"."id";--> statement-breakpoint
DO $$
DECLARE
  event_type text;
  parent text;
  first_month timestamp;
  last_month timestamp;
  month timestamp;
BEGIN
  -- Months in UTC, as the job's ranges: timestamps without a zone hold UTC wall time here.
  SELECT date_trunc('month', min(occurred) AT TIME ZONE 'UTC'), date_trunc('month', max(occurred) AT TIME ZONE 'UTC')
    INTO first_month, last_month FROM events_unpartitioned;
  FOREACH event_type IN ARRAY ARRAY['BLUETOOTH_EVENT', 'BOOKING_EVENT', 'EXTERNAL_COST', 'HEARTBEAT', 'PAYMENT_ACTION',
    'REMOTE_COMMAND', 'USER_ACTION', 'VEHICLE_ADMIN', 'VEHICLE_STATUS'] LOOP
    parent := 'events_' || lower(event_type);
    EXECUTE format('CREATE TABLE %I PARTITION OF events FOR VALUES IN (%L) PARTITION BY RANGE (occurred)', parent, event_type);
    EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', parent || '_default', parent);
    month := first_month;
    WHILE month <= last_month LOOP
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', parent || '_' || to_char(month, 'YYYY_MM'),
        parent, to_char(month, 'YYYY-MM-DD') || ' 00:00:00+00', to_char(month + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
      month := month + interval '1 month';
    END LOOP;
  END LOOP;
  CREATE TABLE events_other_types PARTITION OF events DEFAULT PARTITION BY RANGE (occurred);
  CREATE TABLE events_other_types_default PARTITION OF events_other_types DEFAULT;
END
$$;--> statement-breakpoint
INSERT INTO "events" ("id", "fleet_id", "occurred", "received", "bid", "vin", "acting_username", "affected_username", "type",
  "type_group", "display_text", "properties", "text_parts", "tx")
  SELECT "id", "fleet_id", "occurred", "received", "bid", "vin", "acting_username", "affected_username", "type",
    "type_group", "display_text", "properties", "text_parts", "tx" FROM "events_unpartitioned";--> statement-breakpoint
DROP TABLE "events_unpartitioned";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_pkey" PRIMARY KEY("id","occurred","type");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_fleet_occurred_idx" ON "events" USING btree ("fleet_id","occurred","id");--> statement-breakpoint
CREATE INDEX "events_fleet_bid_occurred_idx" ON "events" USING btree ("fleet_id","bid","occurred","id");--> statement-breakpoint
CREATE INDEX "events_fleet_vin_occurred_idx" ON "events" USING btree ("fleet_id","vin","occurred","id");--> statement-breakpoint
CREATE INDEX "events_fleet_affected_occurred_idx" ON "events" USING btree ("fleet_id","affected_username","occurred","id");--> statement-breakpoint
CREATE INDEX "events_fleet_acting_occurred_idx" ON "events" USING btree ("fleet_id","acting_username","occurred","id");--> statement-breakpoint
CREATE INDEX "events_fleet_tx_idx" ON "events" USING btree ("fleet_id","tx");--> statement-breakpoint
-- The announcement also names the statement's event types and its span of `occurred`, so that a server copy reads the
-- range from those partitions only, not from every partition's primary key.
CREATE OR REPLACE FUNCTION fleetdesk_announce_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added record;
  oldest_running text := pg_snapshot_xmin(pg_current_snapshot())::text;
BEGIN
  FOR added IN SELECT fleet_id, min(id) AS first_id, max(id) AS last_id, min(occurred) AS first_at, max(occurred) AS last_at,
      array_agg(DISTINCT type) AS types FROM new_events GROUP BY fleet_id LOOP
    PERFORM pg_notify('fleetdesk_events', json_build_object('fleet', added.fleet_id, 'from', added.first_id, 'to', added.last_id,
      'xmin', oldest_running, 'since', added.first_at, 'until', added.last_at, 'types', added.types)::text);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER events_announce AFTER INSERT ON events REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION fleetdesk_announce_events();
