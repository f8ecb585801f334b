-- Which roles must sign in with a second factor, as set by an administrator in the console
-- (one row, absent until the first change: TWO_FACTOR_ROLES is the setting until then).
CREATE TABLE "two_factor_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"roles" text[] NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_factor_policy_one_row" CHECK ("two_factor_policy"."id" = 1)
);
