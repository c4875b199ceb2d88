CREATE TABLE "calendar_days" (
	"date" date PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "calendar_days_kind_check" CHECK ("calendar_days"."kind" in ('holiday', 'workday'))
);
--> statement-breakpoint
CREATE TABLE "calendar_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer
);
--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_years" ADD CONSTRAINT "calendar_years_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every change to the calendar tells every server node to drop its copy (LISTEN hqt_calendar_changed).
CREATE FUNCTION hqt_notify_calendar_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hqt_calendar_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER calendar_days_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON calendar_days
FOR EACH STATEMENT EXECUTE FUNCTION hqt_notify_calendar_changed();
--> statement-breakpoint
CREATE TRIGGER calendar_years_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON calendar_years
FOR EACH STATEMENT EXECUTE FUNCTION hqt_notify_calendar_changed();
--> statement-breakpoint
-- 国务院办公厅关于2026年部分节假日安排的通知 (packages/contract/src/working-days.ts, STATE_COUNCIL_2026;
-- test/services/calendar.test.ts checks these rows against it), published.
INSERT INTO calendar_days (date, kind, name) VALUES
  ('2026-01-01', 'holiday', '元旦'),
  ('2026-01-02', 'holiday', '元旦'),
  ('2026-01-03', 'holiday', '元旦'),
  ('2026-01-04', 'workday', '元旦调休'),
  ('2026-02-15', 'holiday', '春节'),
  ('2026-02-16', 'holiday', '春节'),
  ('2026-02-17', 'holiday', '春节'),
  ('2026-02-18', 'holiday', '春节'),
  ('2026-02-19', 'holiday', '春节'),
  ('2026-02-20', 'holiday', '春节'),
  ('2026-02-21', 'holiday', '春节'),
  ('2026-02-22', 'holiday', '春节'),
  ('2026-02-23', 'holiday', '春节'),
  ('2026-02-14', 'workday', '春节调休'),
  ('2026-02-28', 'workday', '春节调休'),
  ('2026-04-04', 'holiday', '清明节'),
  ('2026-04-05', 'holiday', '清明节'),
  ('2026-04-06', 'holiday', '清明节'),
  ('2026-05-01', 'holiday', '劳动节'),
  ('2026-05-02', 'holiday', '劳动节'),
  ('2026-05-03', 'holiday', '劳动节'),
  ('2026-05-04', 'holiday', '劳动节'),
  ('2026-05-05', 'holiday', '劳动节'),
  ('2026-05-09', 'workday', '劳动节调休'),
  ('2026-06-19', 'holiday', '端午节'),
  ('2026-06-20', 'holiday', '端午节'),
  ('2026-06-21', 'holiday', '端午节'),
  ('2026-09-25', 'holiday', '中秋节'),
  ('2026-09-26', 'holiday', '中秋节'),
  ('2026-09-27', 'holiday', '中秋节'),
  ('2026-10-01', 'holiday', '国庆节'),
  ('2026-10-02', 'holiday', '国庆节'),
  ('2026-10-03', 'holiday', '国庆节'),
  ('2026-10-04', 'holiday', '国庆节'),
  ('2026-10-05', 'holiday', '国庆节'),
  ('2026-10-06', 'holiday', '国庆节'),
  ('2026-10-07', 'holiday', '国庆节'),
  ('2026-09-20', 'workday', '国庆节调休'),
  ('2026-10-10', 'workday', '国庆节调休');
--> statement-breakpoint
INSERT INTO calendar_years (year) VALUES (2026);--> statement-breakpoint
CREATE TABLE "number_counters" (
	"series" text NOT NULL,
	"period" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "number_counters_pkey" PRIMARY KEY("series","period")
);
