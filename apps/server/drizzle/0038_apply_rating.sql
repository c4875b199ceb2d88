ALTER TABLE "applications" DROP CONSTRAINT "applications_status_check";--> statement-breakpoint
DROP INDEX "applications_approved_idx";--> statement-breakpoint
DROP INDEX "applications_exclusive_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "rating" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "applications_approved_idx" ON "applications" USING btree ("guide_id","approved_year") WHERE "applications"."status" in ('approved', 'publicizing', 'payable', 'paid', 'rated');--> statement-breakpoint
CREATE INDEX "applications_exclusive_idx" ON "applications" USING btree ("enterprise_id","exclusive_group","approved_year") WHERE "applications"."status" in ('approved', 'publicizing', 'payable', 'paid', 'rated');--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('submitted', 'correcting', 'accepted', 'reviewed', 'rechecked', 'approved', 'publicizing', 'payable', 'paid', 'rated', 'rejected', 'refused', 'withdrawn'));