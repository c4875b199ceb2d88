DROP INDEX "appeals_status_created_idx";--> statement-breakpoint
DROP INDEX "appeals_created_idx";--> statement-breakpoint
DROP INDEX "appeals_enterprise_created_idx";--> statement-breakpoint
DROP INDEX "appeals_due_idx";--> statement-breakpoint
CREATE INDEX "appeals_category_status_created_idx" ON "appeals" USING btree ("category","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appeals_department_status_created_idx" ON "appeals" USING btree ("department","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appeals_handler_status_created_idx" ON "appeals" USING btree ("handler_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appeals_status_created_idx" ON "appeals" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appeals_created_idx" ON "appeals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appeals_enterprise_created_idx" ON "appeals" USING btree ("enterprise_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appeals_due_idx" ON "appeals" USING btree ("due_at","department","handler_id") WHERE "appeals"."status" in ('accepted', 'supplementing', 'reopened');