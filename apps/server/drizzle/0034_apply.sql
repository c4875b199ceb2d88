CREATE TABLE "application_drafts" (
	"enterprise_id" integer NOT NULL,
	"guide_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"materials" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_drafts_enterprise_id_guide_id_pk" PRIMARY KEY("enterprise_id","guide_id")
);
--> statement-breakpoint
CREATE TABLE "application_materials" (
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"material_id" integer NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"valid_until" date,
	CONSTRAINT "application_materials_application_id_kind_pk" PRIMARY KEY("application_id","kind")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"enterprise_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"guide_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"commitment" jsonb NOT NULL,
	"bank_account" jsonb NOT NULL,
	"verdict_at_submit" jsonb NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"stage_due_at" timestamp with time zone,
	"promise_due_at" timestamp with time zone,
	"stage_days_left" integer,
	"promise_days_left" integer,
	"corrections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_reviewer_id" integer,
	"proposed_amount" numeric(14, 4),
	"approved_amount" numeric(14, 4),
	"joint" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"exclusive_group" text,
	"approved_year" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_number_key" UNIQUE("number"),
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('submitted', 'correcting', 'accepted', 'reviewed', 'rechecked', 'approved', 'rejected', 'refused', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "apply_budgets" (
	"guide_id" integer NOT NULL,
	"year" integer NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apply_budgets_guide_id_year_pk" PRIMARY KEY("guide_id","year")
);
--> statement-breakpoint
CREATE TABLE "apply_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"guide_id" integer NOT NULL,
	"version" integer NOT NULL,
	"body" jsonb NOT NULL,
	"saved_by" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apply_forms_guide_version_key" UNIQUE("guide_id","version")
);
--> statement-breakpoint
CREATE TABLE "enterprise_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"valid_until" date,
	"file_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_materials_kind_check" CHECK ("enterprise_materials"."kind" in ('license', 'audit', 'social', 'tax', 'patent', 'qualification', 'finance', 'other'))
);
--> statement-breakpoint
ALTER TABLE "application_drafts" ADD CONSTRAINT "application_drafts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_drafts" ADD CONSTRAINT "application_drafts_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_drafts" ADD CONSTRAINT "application_drafts_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_materials" ADD CONSTRAINT "application_materials_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_materials" ADD CONSTRAINT "application_materials_material_id_enterprise_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."enterprise_materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_form_id_apply_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."apply_forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_first_reviewer_id_accounts_id_fk" FOREIGN KEY ("first_reviewer_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_budgets" ADD CONSTRAINT "apply_budgets_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_forms" ADD CONSTRAINT "apply_forms_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_forms" ADD CONSTRAINT "apply_forms_saved_by_accounts_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_materials" ADD CONSTRAINT "enterprise_materials_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_materials" ADD CONSTRAINT "enterprise_materials_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_materials" ADD CONSTRAINT "enterprise_materials_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_materials_material_idx" ON "application_materials" USING btree ("material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_open_key" ON "applications" USING btree ("enterprise_id","guide_id") WHERE "applications"."status" in ('submitted', 'correcting', 'accepted', 'reviewed', 'rechecked');--> statement-breakpoint
CREATE INDEX "applications_status_submitted_idx" ON "applications" USING btree ("status","submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_submitted_idx" ON "applications" USING btree ("submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_guide_status_submitted_idx" ON "applications" USING btree ("guide_id","status","submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_enterprise_submitted_idx" ON "applications" USING btree ("enterprise_id","submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_stage_due_idx" ON "applications" USING btree ("stage_due_at") WHERE "applications"."stage_due_at" is not null;--> statement-breakpoint
CREATE INDEX "applications_approved_idx" ON "applications" USING btree ("guide_id","approved_year") WHERE "applications"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "applications_exclusive_idx" ON "applications" USING btree ("enterprise_id","exclusive_group","approved_year") WHERE "applications"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "enterprise_materials_enterprise_idx" ON "enterprise_materials" USING btree ("enterprise_id","kind");