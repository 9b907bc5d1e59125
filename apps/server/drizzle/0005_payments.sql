ALTER TABLE "bookings" ADD COLUMN "fixed_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fixed_price_comment" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fixed_price_set_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_fleet_timestamp_idx" ON "payments" USING btree ("fleet_id","timestamp","id");--> statement-breakpoint
CREATE INDEX "payments_parent_idx" ON "payments" USING btree ("parent_payment_id");