ALTER TABLE "applications" DROP CONSTRAINT "applications_status_check";--> statement-breakpoint
DROP INDEX "applications_approved_idx";--> statement-breakpoint
DROP INDEX "applications_exclusive_idx";--> statement-breakpoint
DROP INDEX "payments_live_key";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "part" text DEFAULT 'whole' NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_approved_idx" ON "applications" USING btree ("guide_id","approved_year") WHERE "applications"."status" in ('approved', 'publicizing', 'payable', 'advanced', 'paid', 'rated', 'unsettled');--> statement-breakpoint
CREATE INDEX "applications_exclusive_idx" ON "applications" USING btree ("enterprise_id","exclusive_group","approved_year") WHERE "applications"."status" in ('approved', 'publicizing', 'payable', 'advanced', 'paid', 'rated', 'unsettled');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_live_key" ON "payments" USING btree ("application_id","part") WHERE "payments"."status" in ('pending', 'authorised', 'sent', 'paid', 'confirmed', 'returned');--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('submitted', 'correcting', 'accepted', 'reviewed', 'rechecked', 'approved', 'publicizing', 'payable', 'advanced', 'paid', 'rated', 'unsettled', 'rejected', 'refused', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_part_check" CHECK ("payments"."part" in ('whole', 'advance', 'settle'));