-- Report catalogue: the charts custom report tabs are built from, edited by
-- administrators at /admin/edit-reports instead of a fixed list in code. Seeded with that list.
CREATE TABLE "report_charts" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"metrics" text[] NOT NULL,
	"platform" text,
	"chart_type" text DEFAULT 'line' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_charts_platform_check" CHECK ("platform" IS NULL OR "platform" IN ('ALL', 'MOBILE', 'DESKTOP')),
	CONSTRAINT "report_charts_type_check" CHECK ("chart_type" IN ('line', 'bar', 'area')),
	CONSTRAINT "report_charts_metrics_check" CHECK (cardinality("metrics") BETWEEN 1 AND 5)
);
--> statement-breakpoint
INSERT INTO "report_charts" ("id", "title", "metrics", "platform", "chart_type", "position") VALUES
	('sessions', 'Сессии', ARRAY['SESSIONS_TOTAL', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_TOTAL'], NULL, 'line', 1),
	('orders', 'Заказы', ARRAY['ORDERS_TOTAL', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_ORDERS_TOTAL'], NULL, 'line', 2),
	('revenue', 'Выручка', ARRAY['REVENUE_TOTAL', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_REVENUE'], NULL, 'line', 3),
	('conversion', 'Конверсия', ARRAY['CONVERSION', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_CONVERSION'], NULL, 'line', 4),
	('rps', 'Выручка на сессию (RPS)', ARRAY['RPS', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_RPS'], NULL, 'line', 5),
	('aov', 'Средний чек (AOV)', ARRAY['AOV', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_AOV'], NULL, 'line', 6),
	('searches', 'Поиск: запросы, без результатов, исправления', ARRAY['SEARCH_EVENTS_TOTAL', 'ZERO_QUERIES_COUNT', 'CORRECTIONS_COUNT'], NULL, 'line', 7),
	('platforms', 'Сессии по платформам', ARRAY['MOBILE_SESSIONS_TOTAL', 'DESKTOP_SESSIONS_TOTAL'], NULL, 'line', 8),
	('autocomplete', 'Клики в автокомплите', ARRAY['AUTOCOMPLETE_CLICKS_QUERIES', 'AUTOCOMPLETE_CLICKS_PRODUCTS', 'AUTOCOMPLETE_CLICKS_CATEGORIES', 'AUTOCOMPLETE_CLICKS_BRANDS'], NULL, 'line', 9);
