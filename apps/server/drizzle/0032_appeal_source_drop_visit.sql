DROP INDEX "appeals_visit_problem_key";--> statement-breakpoint
ALTER TABLE "appeals" DROP COLUMN "visit_id";--> statement-breakpoint
ALTER TABLE "appeals" DROP COLUMN "visit_problem_key";