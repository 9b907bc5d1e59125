ALTER TABLE "contacts" ADD COLUMN "resolved_by_event_id" bigint;
