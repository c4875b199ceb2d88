CREATE TABLE "dict_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"dict_type" text NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"extra" jsonb
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"beneficiaries" text DEFAULT '' NOT NULL,
	"conditions_text" text DEFAULT '' NOT NULL,
	"support_standard" text DEFAULT '' NOT NULL,
	"eligibility" jsonb DEFAULT '{"groups":[]}'::jsonb NOT NULL,
	"amount_rule" jsonb DEFAULT '{"kind":"none"}'::jsonb NOT NULL,
	"support_type" text NOT NULL,
	"mode" text NOT NULL,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"payout_days" integer DEFAULT 30 NOT NULL,
	"dept_name" text NOT NULL,
	"dept_address" text NOT NULL,
	"dept_phone" text NOT NULL,
	"materials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"online_url" text,
	"status" text DEFAULT 'published' NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(hqt_bigrams(title), 'A') || setweight(hqt_bigrams(summary), 'B') || setweight(hqt_bigrams(beneficiaries || ' ' || conditions_text || ' ' || support_standard), 'D')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guides_status_check" CHECK ("guides"."status" in ('draft', 'published')),
	CONSTRAINT "guides_window_check" CHECK ("guides"."window_end" > "guides"."window_start")
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"doc_no" text NOT NULL,
	"department" text NOT NULL,
	"level" text NOT NULL,
	"publish_date" date NOT NULL,
	"expiry_date" date,
	"content_html" text NOT NULL,
	"interpretation_html" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policies_status_check" CHECK ("policies"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "topic_guides" (
	"topic_id" integer NOT NULL,
	"guide_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "topic_guides_pkey" PRIMARY KEY("topic_id","guide_id")
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"cover" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'published' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_guides" ADD CONSTRAINT "topic_guides_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_guides" ADD CONSTRAINT "topic_guides_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_type_code_key" ON "dict_items" USING btree ("dict_type","code");--> statement-breakpoint
CREATE INDEX "guides_search_idx" ON "guides" USING gin ("search");--> statement-breakpoint
CREATE INDEX "guides_policy_idx" ON "guides" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "guides_published_idx" ON "guides" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "guides_window_idx" ON "guides" USING btree ("window_start","window_end");--> statement-breakpoint
CREATE INDEX "policies_status_idx" ON "policies" USING btree ("status");