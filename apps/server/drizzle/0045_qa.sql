CREATE TABLE "qa_passages" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"guide_id" integer,
	"kind" text NOT NULL,
	"part" text,
	"block" integer,
	"path" text[] NOT NULL,
	"label" text NOT NULL,
	"text" text NOT NULL,
	"policy_title" text NOT NULL,
	"doc_no" text NOT NULL,
	"effective_on" date NOT NULL,
	"expires_on" date,
	CONSTRAINT "qa_passages_kind_check" CHECK ("qa_passages"."kind" in ('clause', 'interpretation', 'conditions', 'standard', 'materials'))
);
--> statement-breakpoint
CREATE TABLE "qa_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"enterprise_id" integer,
	"question" text NOT NULL,
	"answered" boolean NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"key_hash" text NOT NULL,
	"useful" boolean,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "qa_sources" (
	"policy_id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qa_passages" ADD CONSTRAINT "qa_passages_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_passages" ADD CONSTRAINT "qa_passages_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_sources" ADD CONSTRAINT "qa_sources_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qa_passages_policy_idx" ON "qa_passages" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "qa_questions_account_idx" ON "qa_questions" USING btree ("account_id","asked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "qa_questions_asked_idx" ON "qa_questions" USING btree ("asked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "qa_questions_queue_idx" ON "qa_questions" USING btree ("asked_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "qa_questions"."answered" or "qa_questions"."useful" = false;--> statement-breakpoint
-- Each node ranks questions over every passage in memory (services/qa/store.ts): a change to the
-- passages tells every node at once.
CREATE FUNCTION hqt_notify_qa_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hqt_qa_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER qa_passages_changed_notify
AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON qa_passages
FOR EACH STATEMENT EXECUTE FUNCTION hqt_notify_qa_changed();
