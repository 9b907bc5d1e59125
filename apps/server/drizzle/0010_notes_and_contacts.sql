CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"reason" text NOT NULL,
	"booking_id" bigint,
	"vehicle_id" integer,
	"note" text,
	"status" text NOT NULL,
	"assignee" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone,
	"resolved_by" text,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"subject_type" text NOT NULL,
	"user_id" integer,
	"booking_id" bigint,
	"vehicle_id" integer,
	"text" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "notes_one_subject" CHECK (("notes"."subject_type" = 'USER' and "notes"."user_id" is not null and "notes"."booking_id" is null and "notes"."vehicle_id" is null)
        or ("notes"."subject_type" = 'BOOKING' and "notes"."booking_id" is not null and "notes"."user_id" is null and "notes"."vehicle_id" is null)
        or ("notes"."subject_type" = 'VEHICLE' and "notes"."vehicle_id" is not null and "notes"."user_id" is null and "notes"."booking_id" is null))
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_fleet_status_created_idx" ON "contacts" USING btree ("fleet_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_user_created_idx" ON "contacts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notes_user_idx" ON "notes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notes_booking_idx" ON "notes" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "notes_vehicle_idx" ON "notes" USING btree ("vehicle_id","created_at");