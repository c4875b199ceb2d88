-- An appeal keeps where it came from as an opaque source (kind, id, key) instead of a foreign key
-- into the visit's table: 企业诉求 stands above 企业走访 and the visit's schema is its own. The
-- appeals a visit gave rise to keep it as their source; 0032 drops the old columns.
ALTER TABLE "appeals" DROP CONSTRAINT "appeals_visit_id_visits_id_fk";
--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "source_kind" text;--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "source_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_source_key" ON "appeals" USING btree ("source_kind","source_id","source_key");--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_source_check" CHECK (("appeals"."source_kind" is null) = ("appeals"."source_id" is null) and ("appeals"."source_key" is null or "appeals"."source_id" is not null));--> statement-breakpoint
UPDATE "appeals" SET "source_kind" = 'visit', "source_id" = "visit_id", "source_key" = "visit_problem_key" WHERE "visit_id" IS NOT NULL;