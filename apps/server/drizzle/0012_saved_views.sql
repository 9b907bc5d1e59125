CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"owner_id" integer,
	"name" text NOT NULL,
	"screen" text NOT NULL,
	"params" jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"built_in_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "saved_views_built_in_shape" CHECK (("saved_views"."built_in" and "saved_views"."owner_id" is null and "saved_views"."shared" and "saved_views"."built_in_key" is not null)
        or (not "saved_views"."built_in" and "saved_views"."owner_id" is not null and "saved_views"."built_in_key" is null))
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_fleet_built_in_key_uq" ON "saved_views" USING btree ("fleet_id","built_in_key");--> statement-breakpoint
CREATE INDEX "saved_views_fleet_owner_idx" ON "saved_views" USING btree ("fleet_id","owner_id");