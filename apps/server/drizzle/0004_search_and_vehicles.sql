ALTER TABLE "damages" ADD COLUMN "image_content_type" text;--> statement-breakpoint
ALTER TABLE "fleets" ADD COLUMN "console_url" text;--> statement-breakpoint
CREATE INDEX "alarms_fleet_timestamp_idx" ON "alarms" USING btree ("fleet_id","alarm_timestamp","id");--> statement-breakpoint
CREATE INDEX "bookings_bid_pattern_idx" ON "bookings" USING btree ("bid" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_customer_number_trgm" ON "users" USING gin ("customer_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_commands_pending_idx" ON "vehicle_commands" USING btree ("requested_at") WHERE state = 'PENDING';--> statement-breakpoint
CREATE INDEX "vehicles_model_idx" ON "vehicles" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "vehicles_fleet_registration_idx" ON "vehicles" USING btree ("fleet_id","registration_number","id");