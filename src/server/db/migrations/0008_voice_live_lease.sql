ALTER TABLE "interviews" ADD COLUMN "live_session" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "live_until" timestamp with time zone;