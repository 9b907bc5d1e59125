CREATE TABLE "license_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"country" text NOT NULL,
	"valid_until" text,
	"result" text NOT NULL,
	"state" text NOT NULL,
	"verifier" text NOT NULL,
	"message" text,
	"checked_by" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_requested_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_verified_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "membership_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "membership_confirmed_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "membership_override" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "license_checks" ADD CONSTRAINT "license_checks_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_checks" ADD CONSTRAINT "license_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_checks_user_idx" ON "license_checks" USING btree ("user_id","checked_at");--> statement-breakpoint
CREATE INDEX "users_mobile_phone_idx" ON "users" USING btree ("mobile_phone");--> statement-breakpoint
CREATE INDEX "users_fleet_status_deletion_idx" ON "users" USING btree ("fleet_id","status","deletion_requested_at");