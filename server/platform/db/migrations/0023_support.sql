CREATE TABLE "kb_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title_ru" text NOT NULL,
	"title_en" text NOT NULL,
	CONSTRAINT "kb_sections_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "kb_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"slug" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (CASE WHEN language = 'en' THEN setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, body), 'B') ELSE setweight(to_tsvector('russian'::regconfig, title), 'A') || setweight(to_tsvector('russian'::regconfig, body), 'B') END) STORED,
	CONSTRAINT "kb_articles_language_check" CHECK ("language" IN ('ru', 'en'))
);
--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_section_id_kb_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."kb_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kb_articles_slug_language" ON "kb_articles" USING btree ("slug","language");--> statement-breakpoint
CREATE INDEX "kb_articles_search" ON "kb_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "kb_articles_section" ON "kb_articles" USING btree ("section_id");--> statement-breakpoint
CREATE TABLE "internal_feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"author_id" integer,
	"author_login" text NOT NULL,
	"area" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"screenshot" "bytea",
	"screenshot_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "internal_feedback_status_check" CHECK ("status" IN ('new', 'in_progress', 'done'))
);
--> statement-breakpoint
ALTER TABLE "internal_feedback" ADD CONSTRAINT "internal_feedback_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_feedback" ADD CONSTRAINT "internal_feedback_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internal_feedback_created" ON "internal_feedback" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"from_staff" boolean NOT NULL,
	"author_login" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_user" ON "chat_messages" USING btree ("user_id","site_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_site" ON "chat_messages" USING btree ("site_id","id");
