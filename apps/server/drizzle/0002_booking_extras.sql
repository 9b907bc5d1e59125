ALTER TABLE "bookings" ADD COLUMN "technical_issue_description" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "charging_pin_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "charging_terminal" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "charging_pin_valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_out_at" timestamp with time zone;