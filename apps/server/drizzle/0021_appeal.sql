CREATE TABLE "appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"enterprise_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"contact" text NOT NULL,
	"phone" text NOT NULL,
	"guide_id" integer,
	"status" text DEFAULT 'submitted' NOT NULL,
	"due_at" timestamp with time zone,
	"department" text,
	"handler_id" integer,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	"extension_days" integer,
	"rating" text,
	"comment" text,
	"rate_invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeals_number_key" UNIQUE("number"),
	CONSTRAINT "appeals_status_check" CHECK ("appeals"."status" in ('submitted', 'accepted', 'supplementing', 'replied', 'reopened', 'closed', 'rejected', 'withdrawn')),
	CONSTRAINT "appeals_rating_check" CHECK ("appeals"."rating" is null or "appeals"."rating" in ('verySatisfied', 'satisfied', 'basic', 'dissatisfied', 'veryDissatisfied'))
);
--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_handler_id_accounts_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeals_status_created_idx" ON "appeals" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appeals_created_idx" ON "appeals" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appeals_enterprise_created_idx" ON "appeals" USING btree ("enterprise_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appeals_replied_idx" ON "appeals" USING btree ("replied_at") WHERE "appeals"."status" = 'replied';--> statement-breakpoint
CREATE INDEX "appeals_due_idx" ON "appeals" USING btree ("due_at") WHERE "appeals"."status" in ('accepted', 'supplementing', 'reopened');