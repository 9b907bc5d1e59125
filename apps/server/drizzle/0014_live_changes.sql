-- Live changes (issue 20 point 1; docs/decisions/0070-live-stream.md): each INSERT into the event log announces, per
-- operator, the id range it added on the channel fleetdesk_events. Every server copy LISTENs and pushes the new events
-- to its open streams (GET /api/stream). One notification per statement and operator, not per row, so a batch of
-- telematics reports costs one. NOTIFY is delivered at commit, to every session listening on the database.
CREATE OR REPLACE FUNCTION fleetdesk_announce_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added record;
BEGIN
  FOR added IN SELECT fleet_id, min(id) AS first_id, max(id) AS last_id FROM new_events GROUP BY fleet_id LOOP
    PERFORM pg_notify('fleetdesk_events', json_build_object('fleet', added.fleet_id, 'from', added.first_id, 'to', added.last_id)::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER events_announce AFTER INSERT ON events REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION fleetdesk_announce_events();
