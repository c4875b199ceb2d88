CREATE TABLE "fund_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"doc_number" text NOT NULL,
	"doc_date" date NOT NULL,
	"fund" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "objections" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"publicity_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"unit_name" text,
	"facts" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"outcome" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "objections_number_key" UNIQUE("number"),
	CONSTRAINT "objections_kind_check" CHECK ("objections"."kind" in ('objection', 'report')),
	CONSTRAINT "objections_status_check" CHECK ("objections"."status" in ('submitted', 'upheld', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "payment_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"count" integer NOT NULL,
	"total" numeric(14, 4) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone,
	CONSTRAINT "payment_batches_number_key" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"application_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"guide_id" integer NOT NULL,
	"year" integer NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"bank_account" jsonb NOT NULL,
	"release_id" integer NOT NULL,
	"batch_id" integer,
	"approver_id" integer,
	"authorised_by" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"return_reason" text,
	"paid_on" date,
	"confirmed_amount" numeric(14, 4),
	"missing_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_key_key" UNIQUE("key"),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'authorised', 'sent', 'paid', 'confirmed', 'returned', 'reissued')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "publicities" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"title" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"days" integer NOT NULL,
	"created_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publicities_number_key" UNIQUE("number"),
	CONSTRAINT "publicities_status_check" CHECK ("publicities"."status" in ('open', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "publicity_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"publicity_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"enterprise_name" text NOT NULL,
	"guide_title" text NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	CONSTRAINT "publicity_entries_application_key" UNIQUE("publicity_id","application_id")
);
--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_status_check";--> statement-breakpoint
DROP INDEX "applications_approved_idx";--> statement-breakpoint
DROP INDEX "applications_exclusive_idx";--> statement-breakpoint
ALTER TABLE "fund_releases" ADD CONSTRAINT "fund_releases_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_publicity_id_publicities_id_fk" FOREIGN KEY ("publicity_id") REFERENCES "public"."publicities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_entry_id_publicity_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."publicity_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_release_id_fund_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."fund_releases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_approver_id_accounts_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_authorised_by_accounts_id_fk" FOREIGN KEY ("authorised_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publicities" ADD CONSTRAINT "publicities_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publicity_entries" ADD CONSTRAINT "publicity_entries_publicity_id_publicities_id_fk" FOREIGN KEY ("publicity_id") REFERENCES "public"."publicities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publicity_entries" ADD CONSTRAINT "publicity_entries_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publicity_entries" ADD CONSTRAINT "publicity_entries_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "objections_entry_idx" ON "objections" USING btree ("entry_id","status");--> statement-breakpoint
CREATE INDEX "objections_status_idx" ON "objections" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "objections_account_idx" ON "objections" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_live_key" ON "payments" USING btree ("application_id") WHERE "payments"."status" in ('pending', 'authorised', 'sent', 'paid', 'confirmed', 'returned');--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_batch_idx" ON "payments" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "payments_committed_idx" ON "payments" USING btree ("guide_id","year") WHERE "payments"."status" in ('authorised', 'sent', 'paid', 'confirmed');--> statement-breakpoint
CREATE INDEX "publicities_published_idx" ON "publicities" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publicity_entries_application_idx" ON "publicity_entries" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "applications_approved_idx" ON "applications" USING btree ("guide_id","approved_year") WHERE "applications"."status" in ('approved', 'publicizing', 'payable', 'paid');--> statement-breakpoint
CREATE INDEX "applications_exclusive_idx" ON "applications" USING btree ("enterprise_id","exclusive_group","approved_year") WHERE "applications"."status" in ('approved', 'publicizing', 'payable', 'paid');--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('submitted', 'correcting', 'accepted', 'reviewed', 'rechecked', 'approved', 'publicizing', 'payable', 'paid', 'rejected', 'refused', 'withdrawn'));