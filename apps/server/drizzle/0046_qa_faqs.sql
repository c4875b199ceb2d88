CREATE TABLE "qa_faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"variants" text[] DEFAULT '{}'::text[] NOT NULL,
	"answer" text NOT NULL,
	"policy_id" integer NOT NULL,
	"clause" text DEFAULT '' NOT NULL,
	"review_on" date NOT NULL,
	"owner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qa_faqs" ADD CONSTRAINT "qa_faqs_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_faqs" ADD CONSTRAINT "qa_faqs_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qa_faqs_policy_idx" ON "qa_faqs" USING btree ("policy_id");--> statement-breakpoint
-- The nodes rank 常见问题 with the passages (services/qa/store.ts): a change to them tells every node too.
CREATE TRIGGER qa_faqs_changed_notify
AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON qa_faqs
FOR EACH STATEMENT EXECUTE FUNCTION hqt_notify_qa_changed();
