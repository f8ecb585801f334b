-- Support chat: what has been read of each chat conversation (one per client user and
-- site), per conversation and side: `staff_read_id` is the newest message any staff member has
-- read (opening the thread in the inbox, or answering it), `client_read_id` the newest the client
-- has read. Unread = the other side's messages with a greater id (docs/support-chat.md).
CREATE TABLE "chat_reads" (
	"user_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"staff_read_id" bigint DEFAULT 0 NOT NULL,
	"staff_read_by" text,
	"staff_read_at" timestamp with time zone,
	"client_read_id" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_reads_user_id_site_id_pk" PRIMARY KEY("user_id","site_id")
);
--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Existing conversations: staff have read up to their last answer (what «waiting» meant before),
-- clients everything (no old replies suddenly shown as new).
INSERT INTO "chat_reads" ("user_id", "site_id", "staff_read_id", "client_read_id")
SELECT "user_id", "site_id", coalesce(max("id") FILTER (WHERE "from_staff"), 0), max("id")
FROM "chat_messages" GROUP BY "user_id", "site_id";
--> statement-breakpoint
-- A knowledge-base section is deleted only when empty (the console refuses with 409 first): the
-- database refuses too, instead of deleting its articles with it.
ALTER TABLE "kb_articles" DROP CONSTRAINT "kb_articles_section_id_kb_sections_id_fk";
--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_section_id_kb_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."kb_sections"("id") ON DELETE restrict ON UPDATE no action;
