CREATE TABLE "visit_staff" (
	"visit_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"lead" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "visit_staff_pkey" PRIMARY KEY("visit_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"enterprise_id" integer NOT NULL,
	"origin" text NOT NULL,
	"subject" text NOT NULL,
	"type" text,
	"method" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"place" text,
	"status" text NOT NULL,
	"preferred_times" jsonb,
	"topics" text,
	"proposed_starts_at" timestamp with time zone,
	"proposed_ends_at" timestamp with time zone,
	"note" text,
	"summary" text,
	"guide_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"written_at" timestamp with time zone,
	"written_by" integer,
	"rating" text,
	"comment" text,
	"appraised_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_number_key" UNIQUE("number"),
	CONSTRAINT "visits_status_check" CHECK ("visits"."status" in ('requested', 'pending', 'confirmed', 'declined', 'rescheduling', 'visited', 'appraised', 'cancelled')),
	CONSTRAINT "visits_origin_check" CHECK ("visits"."origin" in ('staff', 'enterprise')),
	CONSTRAINT "visits_method_check" CHECK ("visits"."method" is null or "visits"."method" in ('onsite', 'phone', 'video')),
	CONSTRAINT "visits_rating_check" CHECK ("visits"."rating" is null or "visits"."rating" in ('verySatisfied', 'satisfied', 'basic', 'dissatisfied', 'veryDissatisfied')),
	CONSTRAINT "visits_time_check" CHECK ("visits"."ends_at" is null or "visits"."ends_at" > "visits"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "visit_id" integer;--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "visit_problem_key" text;--> statement-breakpoint
ALTER TABLE "visit_staff" ADD CONSTRAINT "visit_staff_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_staff" ADD CONSTRAINT "visit_staff_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_written_by_accounts_id_fk" FOREIGN KEY ("written_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_staff_one_lead_key" ON "visit_staff" USING btree ("visit_id") WHERE "visit_staff"."lead";--> statement-breakpoint
CREATE INDEX "visit_staff_account_time_idx" ON "visit_staff" USING btree ("account_id","starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "visits_starts_idx" ON "visits" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "visits_enterprise_created_idx" ON "visits" USING btree ("enterprise_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "visits_created_idx" ON "visits" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "visits_status_created_idx" ON "visits" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_visit_problem_key" ON "appeals" USING btree ("visit_id","visit_problem_key");