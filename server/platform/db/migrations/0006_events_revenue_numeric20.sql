ALTER TABLE "event_daily" ALTER COLUMN "revenue" SET DATA TYPE numeric(20, 2);--> statement-breakpoint
ALTER TABLE "event_daily" ALTER COLUMN "revenue" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "event_daily" ALTER COLUMN "search_revenue" SET DATA TYPE numeric(20, 2);--> statement-breakpoint
ALTER TABLE "event_daily" ALTER COLUMN "search_revenue" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "event_sessions" ALTER COLUMN "revenue" SET DATA TYPE numeric(20, 2);--> statement-breakpoint
ALTER TABLE "event_sessions" ALTER COLUMN "revenue" SET DEFAULT '0';