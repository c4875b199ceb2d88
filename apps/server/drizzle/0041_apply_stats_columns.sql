ALTER TABLE "applications" ADD COLUMN "promise_days" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "auto" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The applications filed before: their form's 兑现时限, and 免申即享 by their guide's mode.
UPDATE "applications" a SET "promise_days" = (f."body"->>'promiseDays')::int FROM "apply_forms" f WHERE f."id" = a."form_id";--> statement-breakpoint
UPDATE "applications" a SET "auto" = true FROM "guides" g WHERE g."id" = a."guide_id" AND g."mode" = 'auto';
