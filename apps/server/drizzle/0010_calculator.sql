CREATE TABLE "evaluations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"enterprise_name" text NOT NULL,
	"what_if" boolean DEFAULT false NOT NULL,
	"facts" jsonb NOT NULL,
	"guides" jsonb NOT NULL,
	"evaluation" jsonb NOT NULL,
	"eligible" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"changes" jsonb NOT NULL,
	"evaluated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "enterprises_credit_code_key";--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "legal_person" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "nature" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "founded_on" date;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "registered_capital" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "patents" integer;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "industry" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "scale" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "qualifications" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "indicators" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluations_enterprise_idx" ON "evaluations" USING btree ("enterprise_id","evaluated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evaluations_account_idx" ON "evaluations" USING btree ("account_id","evaluated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "enterprises_credit_code_key" ON "enterprises" USING btree ("credit_code") WHERE "enterprises"."deleted_at" is null;--> statement-breakpoint
-- The calculator keeps every node's compiled rules in memory (services/calculator/rulebook.ts):
-- a change to what it reads of guides or policies tells every node at once. View counts do not.
CREATE FUNCTION hqt_notify_guides_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hqt_guides_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER guides_changed_notify
AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF title, eligibility, amount_rule, support_type, mode, window_start, window_end, status, policy_id, updated_at ON guides
FOR EACH STATEMENT EXECUTE FUNCTION hqt_notify_guides_changed();
--> statement-breakpoint
CREATE TRIGGER policies_changed_notify
AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF status ON policies
FOR EACH STATEMENT EXECUTE FUNCTION hqt_notify_guides_changed();
