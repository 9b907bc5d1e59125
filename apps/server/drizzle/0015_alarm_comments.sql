-- Alarm comments (issue 19 point 4; docs/decisions/0074-bulk-actions.md): staff notes on an alarm, oldest first. The
-- assignee the bulk 'assign' sets already has its column (alarms.assigned_to).
CREATE TABLE "alarm_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"alarm_id" integer NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_comments" ADD CONSTRAINT "alarm_comments_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_comments" ADD CONSTRAINT "alarm_comments_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_comments_alarm_idx" ON "alarm_comments" USING btree ("alarm_id","created_at","id");