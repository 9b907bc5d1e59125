CREATE TABLE "alarms" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'VEHICLE' NOT NULL,
	"state" text NOT NULL,
	"alarm_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"alarm_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" text,
	"assigned_to" text,
	"username" text,
	"vehicle_id" integer,
	"bid" text,
	"primary_object" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bid" text NOT NULL,
	"fleet_id" text NOT NULL,
	"user_id" integer,
	"contract_id" integer NOT NULL,
	"state" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"usage_start" timestamp with time zone,
	"usage_end" timestamp with time zone,
	"from_pool_id" integer NOT NULL,
	"to_pool_id" integer NOT NULL,
	"note" text,
	"distance" double precision,
	"estimated_distance" double precision,
	"trip_type" text DEFAULT 'PRIVATE' NOT NULL,
	"ride_share" text DEFAULT 'NOT_SELECTED' NOT NULL,
	"taxi_acceptable" text DEFAULT 'NOT_SELECTED' NOT NULL,
	"spec_type" text NOT NULL,
	"spec_class_name" text,
	"spec_model_id" integer,
	"spec_vehicle_id" integer,
	"vehicle_category" text NOT NULL,
	"allocation_state" text DEFAULT 'NOT_ALLOCATED' NOT NULL,
	"allocated_vehicle_id" integer,
	"checkout_required" boolean DEFAULT false NOT NULL,
	"allocate_on_activation" boolean DEFAULT false NOT NULL,
	"irrevocable_until" timestamp with time zone,
	"locked_for_user" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"estimated_price_without_vat" numeric(12, 2),
	"estimated_vat" numeric(12, 2),
	"adjusted_start_time" timestamp with time zone,
	"adjusted_end_time" timestamp with time zone,
	"adjusted_distance" double precision,
	"adjusted_booking_type" text,
	"data_quality" text,
	"original_usage_start" timestamp with time zone,
	"original_usage_end" timestamp with time zone,
	"original_total_distance" double precision,
	"original_booking_type" text,
	"technical_issue_reported_at" timestamp with time zone,
	"technical_issue_reported_by" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"replaced_by" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"market_segment" text,
	"micro_segment" text,
	"email_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"contact_first_name" text,
	"contact_last_name" text,
	"contact_email" text,
	"contact_phone" text,
	"company_code" text,
	"requires_membership_confirmation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"contract_type" text NOT NULL,
	"currency" text NOT NULL,
	"min_booking_duration" text,
	"max_booking_duration" text,
	"one_way_allowed" boolean DEFAULT false NOT NULL,
	"only_one_booking_at_the_same_time_allowed" boolean DEFAULT false NOT NULL,
	"taxi_from_pools" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"price_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metadata_spec" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bookable_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "damages" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"vehicle_id" integer NOT NULL,
	"registration_date" timestamp with time zone DEFAULT now() NOT NULL,
	"fix_date" timestamp with time zone,
	"image_key" text,
	"thumbnail_key" text,
	"descriptions" jsonb NOT NULL,
	"reported_by" text
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
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
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"default_language" text NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"fleet_id" text NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_fleet_id_scope_key_pk" PRIMARY KEY("fleet_id","scope","key")
);
--> statement-breakpoint
CREATE TABLE "identity_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"display_name" text NOT NULL,
	"provider_logo_url" text,
	"email_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"company_id" integer,
	"prevent_password_login" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"vehicle_id" integer NOT NULL,
	"bid" text,
	"drive_start" timestamp with time zone NOT NULL,
	"drive_end" timestamp with time zone NOT NULL,
	"distance" double precision NOT NULL,
	"odometer_start" double precision NOT NULL,
	"odometer_end" double precision NOT NULL,
	"from_pool_id" integer,
	"to_pool_id" integer,
	"trip_type" text,
	"username" text,
	"destination" text,
	"purpose" text
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"item_name" text NOT NULL,
	"item_type" text NOT NULL,
	"item_display_text" text NOT NULL,
	"public_comment" text,
	"comment" text,
	"unit_amount" double precision DEFAULT 1 NOT NULL,
	"unit_cost" numeric(12, 2) NOT NULL,
	"price_without_vat" numeric(12, 2) NOT NULL,
	"vat" numeric(12, 2) NOT NULL,
	"total_price" numeric(12, 2) NOT NULL,
	"manual_event" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"fleet_id" text NOT NULL,
	"booking_id" bigint,
	"user_id" integer,
	"parent_payment_id" integer,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"target" text NOT NULL,
	"timestamp_type" text DEFAULT 'CREATED_DATE' NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"total_price_without_vat" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total_vat" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"external_id" text,
	"payment_provider" text,
	"reservation_failed" boolean DEFAULT false NOT NULL,
	"card_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_contracts" (
	"pool_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	CONSTRAINT "pool_contracts_pool_id_contract_id_pk" PRIMARY KEY("pool_id","contract_id")
);
--> statement-breakpoint
CREATE TABLE "pool_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"description" text,
	"public_note" text,
	"pickup_note" text,
	"dropoff_note" text,
	"fee" numeric(12, 2),
	"responsible_organization" text,
	"geographical_identity" text,
	"parking_place_info_required" boolean DEFAULT false NOT NULL,
	"default_parking_place" text,
	"charging_available" boolean DEFAULT false NOT NULL,
	"watt_world_station_name" text,
	"moved_to" integer,
	"pool_group_id" integer,
	"lat" double precision,
	"lon" double precision
);
--> statement-breakpoint
CREATE TABLE "registered_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"card_type_and_masked_number" text NOT NULL,
	"expires" text NOT NULL,
	"provider_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"fleet_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_auth_methods" (
	"user_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"external_subject" text,
	CONSTRAINT "user_auth_methods_user_id_provider_id_pk" PRIMARY KEY("user_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "user_contracts" (
	"user_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	CONSTRAINT "user_contracts_user_id_contract_id_pk" PRIMARY KEY("user_id","contract_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"username" text NOT NULL,
	"role" text DEFAULT 'CUSTOMER' NOT NULL,
	"password_hash" text,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"email_address" text,
	"mobile_phone" text,
	"language" text NOT NULL,
	"street_address" text,
	"zip_code" text,
	"city" text,
	"country_code" text,
	"pin_code" text,
	"rfid" text,
	"customer_number" text,
	"campaign_code" text,
	"note" text,
	"premium_access" boolean DEFAULT false NOT NULL,
	"verified_drivers_license" boolean DEFAULT false NOT NULL,
	"license_state" text DEFAULT 'MISSING' NOT NULL,
	"license_verifier" text,
	"license_checked_at" timestamp with time zone,
	"license_country" text,
	"license_valid_until" text,
	"identity_verified" boolean DEFAULT false NOT NULL,
	"identity_country" text,
	"identity_method" text,
	"identity_given_name" text,
	"identity_family_name" text,
	"identity_number" text,
	"company_id" integer,
	"user_category" text DEFAULT 'PRIVATE' NOT NULL,
	"status" text NOT NULL,
	"last_status_change_date" timestamp with time zone,
	"apply_date" timestamp with time zone,
	"password_login_allowed" boolean DEFAULT true NOT NULL,
	"needs_to_set_password" boolean DEFAULT false NOT NULL,
	"block_reason" text,
	"block_message" text,
	"blocked_by_username" text,
	"blocked_at" timestamp with time zone,
	"duplicate_email" boolean DEFAULT false NOT NULL,
	"duplicate_phone" boolean DEFAULT false NOT NULL,
	"duplicate_identity_number" boolean DEFAULT false NOT NULL,
	"free_months" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"vehicle_id" integer NOT NULL,
	"bid" text,
	"command" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "vehicle_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"model_name" text NOT NULL,
	"price_class" text NOT NULL,
	"vehicle_category" text NOT NULL,
	"primary_fuel_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_status" (
	"vehicle_id" integer PRIMARY KEY NOT NULL,
	"car_battery_voltage" double precision,
	"dte" double precision,
	"fuel_level" double precision,
	"is_refueling" boolean,
	"odometer" double precision,
	"keyholder" boolean,
	"locked" boolean,
	"immobilized" boolean,
	"lat" double precision,
	"lon" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" text NOT NULL,
	"vin" text NOT NULL,
	"registration_number" text NOT NULL,
	"long_presentation" text NOT NULL,
	"model_id" integer NOT NULL,
	"color" text,
	"wheel_type" text,
	"vehicle_category" text NOT NULL,
	"agent_hardware_type" text NOT NULL,
	"primary_fuel_type" text NOT NULL,
	"keyholder" text,
	"current_parking_place_info" text,
	"public_note" text,
	"pool_id" integer,
	"tires" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_from_pool_id_pools_id_fk" FOREIGN KEY ("from_pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_to_pool_id_pools_id_fk" FOREIGN KEY ("to_pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_spec_model_id_vehicle_models_id_fk" FOREIGN KEY ("spec_model_id") REFERENCES "public"."vehicle_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_spec_vehicle_id_vehicles_id_fk" FOREIGN KEY ("spec_vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_allocated_vehicle_id_vehicles_id_fk" FOREIGN KEY ("allocated_vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_parent_id_companies_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damages" ADD CONSTRAINT "damages_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damages" ADD CONSTRAINT "damages_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_from_pool_id_pools_id_fk" FOREIGN KEY ("from_pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_to_pool_id_pools_id_fk" FOREIGN KEY ("to_pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_parent_payment_id_payments_id_fk" FOREIGN KEY ("parent_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_id_registered_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."registered_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_contracts" ADD CONSTRAINT "pool_contracts_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_contracts" ADD CONSTRAINT "pool_contracts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_groups" ADD CONSTRAINT "pool_groups_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_moved_to_pools_id_fk" FOREIGN KEY ("moved_to") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_pool_group_id_pool_groups_id_fk" FOREIGN KEY ("pool_group_id") REFERENCES "public"."pool_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registered_cards" ADD CONSTRAINT "registered_cards_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registered_cards" ADD CONSTRAINT "registered_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_auth_methods" ADD CONSTRAINT "user_auth_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_auth_methods" ADD CONSTRAINT "user_auth_methods_provider_id_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_contracts" ADD CONSTRAINT "user_contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_contracts" ADD CONSTRAINT "user_contracts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_commands" ADD CONSTRAINT "vehicle_commands_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_commands" ADD CONSTRAINT "vehicle_commands_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_models" ADD CONSTRAINT "vehicle_models_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_status" ADD CONSTRAINT "vehicle_status_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_fleet_id_fleets_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_model_id_vehicle_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."vehicle_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_fleet_state_idx" ON "alarms" USING btree ("fleet_id","state","alarm_timestamp");--> statement-breakpoint
CREATE INDEX "alarms_vehicle_idx" ON "alarms" USING btree ("vehicle_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_bid_uq" ON "bookings" USING btree ("bid");--> statement-breakpoint
CREATE INDEX "bookings_fleet_start_idx" ON "bookings" USING btree ("fleet_id","start_time","id");--> statement-breakpoint
CREATE INDEX "bookings_fleet_state_start_idx" ON "bookings" USING btree ("fleet_id","state","start_time");--> statement-breakpoint
CREATE INDEX "bookings_user_start_idx" ON "bookings" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "bookings_vehicle_start_idx" ON "bookings" USING btree ("allocated_vehicle_id","start_time");--> statement-breakpoint
CREATE INDEX "bookings_from_pool_start_idx" ON "bookings" USING btree ("from_pool_id","start_time");--> statement-breakpoint
CREATE INDEX "companies_fleet_parent_idx" ON "companies" USING btree ("fleet_id","parent_id");--> statement-breakpoint
CREATE INDEX "companies_name_trgm" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contracts_fleet_idx" ON "contracts" USING btree ("fleet_id");--> statement-breakpoint
CREATE INDEX "contracts_company_idx" ON "contracts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "damages_vehicle_idx" ON "damages" USING btree ("vehicle_id","registration_date");--> statement-breakpoint
CREATE INDEX "events_fleet_occurred_idx" ON "events" USING btree ("fleet_id","occurred","id");--> statement-breakpoint
CREATE INDEX "events_fleet_bid_occurred_idx" ON "events" USING btree ("fleet_id","bid","occurred","id");--> statement-breakpoint
CREATE INDEX "events_fleet_vin_occurred_idx" ON "events" USING btree ("fleet_id","vin","occurred","id");--> statement-breakpoint
CREATE INDEX "events_fleet_affected_occurred_idx" ON "events" USING btree ("fleet_id","affected_username","occurred","id");--> statement-breakpoint
CREATE INDEX "events_fleet_acting_occurred_idx" ON "events" USING btree ("fleet_id","acting_username","occurred","id");--> statement-breakpoint
CREATE INDEX "journal_vehicle_start_idx" ON "journal_entries" USING btree ("vehicle_id","drive_start");--> statement-breakpoint
CREATE INDEX "login_attempts_username_at_idx" ON "login_attempts" USING btree (lower("username"),"at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_at_idx" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_id_uq" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_user_timestamp_idx" ON "payments" USING btree ("user_id","timestamp");--> statement-breakpoint
CREATE INDEX "payments_fleet_status_timestamp_idx" ON "payments" USING btree ("fleet_id","status","timestamp");--> statement-breakpoint
CREATE INDEX "pool_contracts_contract_idx" ON "pool_contracts" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "pools_fleet_city_idx" ON "pools" USING btree ("fleet_id","city");--> statement-breakpoint
CREATE INDEX "pools_name_trgm" ON "pools" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pools_city_trgm" ON "pools" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_contracts_contract_idx" ON "user_contracts" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_fleet_status_apply_idx" ON "users" USING btree ("fleet_id","status","apply_date");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id","apply_date");--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_given_name_trgm" ON "users" USING gin ("given_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_family_name_trgm" ON "users" USING gin ("family_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_mobile_phone_trgm" ON "users" USING gin ("mobile_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_customer_number_idx" ON "users" USING btree ("customer_number");--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email_address"));--> statement-breakpoint
CREATE INDEX "users_identity_number_idx" ON "users" USING btree ("identity_number");--> statement-breakpoint
CREATE INDEX "vehicle_commands_vehicle_idx" ON "vehicle_commands" USING btree ("vehicle_id","requested_at");--> statement-breakpoint
CREATE INDEX "vehicle_models_name_trgm" ON "vehicle_models" USING gin ("model_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_vin_uq" ON "vehicles" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "vehicles_fleet_pool_idx" ON "vehicles" USING btree ("fleet_id","pool_id");--> statement-breakpoint
CREATE INDEX "vehicles_vin_trgm" ON "vehicles" USING gin ("vin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_registration_trgm" ON "vehicles" USING gin ("registration_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_long_presentation_trgm" ON "vehicles" USING gin ("long_presentation" gin_trgm_ops);