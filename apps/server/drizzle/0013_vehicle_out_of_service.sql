ALTER TABLE "vehicles" ADD COLUMN "out_of_service_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "out_of_service_reason" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "out_of_service_by" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "out_of_service_expected_return" timestamp with time zone;