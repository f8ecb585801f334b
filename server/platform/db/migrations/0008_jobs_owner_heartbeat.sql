ALTER TABLE "jobs" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "cancelled_by" text;
