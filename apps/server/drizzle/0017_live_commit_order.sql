-- Live streams resume in commit order (issue 20 point 1; docs/decisions/0081-live-stream-commit-order.md). Event ids
-- are taken at insert but committed in another order, so "the events after id N" can miss a lower id committed later.
-- Each row now records its writing transaction (xid8), and each announcement carries the oldest transaction still
-- running when its statement ran: every transaction older than that had finished, and its announcement came first.
-- The column is added without a default first, so the existing rows are not rewritten (they stay null).
ALTER TABLE "events" ADD COLUMN "tx" "xid8";--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "tx" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "events_fleet_tx_idx" ON "events" USING btree ("fleet_id","tx");--> statement-breakpoint
CREATE OR REPLACE FUNCTION fleetdesk_announce_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added record;
  oldest_running text := pg_snapshot_xmin(pg_current_snapshot())::text;
BEGIN
  FOR added IN SELECT fleet_id, min(id) AS first_id, max(id) AS last_id FROM new_events GROUP BY fleet_id LOOP
    PERFORM pg_notify('fleetdesk_events', json_build_object('fleet', added.fleet_id, 'from', added.first_id, 'to', added.last_id, 'xmin', oldest_running)::text);
  END LOOP;
  RETURN NULL;
END
$$;
