ALTER TABLE "appeals" ADD COLUMN "accept_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "appeals_accept_due_idx" ON "appeals" USING btree ("accept_due_at") WHERE "appeals"."status" = 'submitted';--> statement-breakpoint
-- The 受理 clock of the appeals filed before it (APPEAL_RESPONSE_DAYS = 1, services/appeal/service.ts
-- acceptDueSql): the end of the first working day after the filing's China day — 放假 no, 调休上班
-- yes, otherwise Monday–Friday — left null when either day's year is not published (never guessed).
WITH "filed" AS (
  SELECT "id", (("created_at" AT TIME ZONE 'UTC') + interval '8 hours')::date AS "day" FROM "appeals"
), "due" AS (
  SELECT f."id", f."day" AS "filed_day", (
    SELECT g."day"::date FROM generate_series(f."day" + 1, f."day" + 40, interval '1 day') AS g("day")
    LEFT JOIN "calendar_days" cd ON cd."date" = g."day"::date
    WHERE CASE WHEN cd."kind" = 'holiday' THEN false WHEN cd."kind" = 'workday' THEN true ELSE extract(isodow FROM g."day") < 6 END
    ORDER BY g."day" LIMIT 1
  ) AS "day"
  FROM "filed" f
)
UPDATE "appeals" a SET "accept_due_at" = ((d."day" + 1)::timestamp - interval '8 hours') AT TIME ZONE 'UTC'
FROM "due" d
WHERE a."id" = d."id" AND d."day" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "calendar_years" y WHERE y."year" = extract(year FROM d."filed_day")::int)
  AND EXISTS (SELECT 1 FROM "calendar_years" y WHERE y."year" = extract(year FROM d."day")::int);
