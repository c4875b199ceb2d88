ALTER TABLE "guides" DROP CONSTRAINT "guides_status_check";--> statement-breakpoint
ALTER TABLE "policies" DROP CONSTRAINT "policies_status_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "published_by" integer;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "published_by" integer;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "published_by" integer;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dict_items" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_withdrawn_by_accounts_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_withdrawn_by_accounts_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_withdrawn_by_accounts_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_status_check" CHECK ("guides"."status" in ('draft', 'published', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_status_check" CHECK ("policies"."status" in ('draft', 'published', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_status_check" CHECK ("topics"."status" in ('draft', 'published', 'withdrawn'));--> statement-breakpoint
UPDATE "policies" SET "published_at" = "created_at" WHERE "status" = 'published' AND "published_at" IS NULL;--> statement-breakpoint
UPDATE "topics" SET "published_at" = "created_at" WHERE "status" = 'published' AND "published_at" IS NULL;--> statement-breakpoint
-- The audit log is append-only (等保 2.0): no call can edit or delete a row, and neither can the
-- server's own database role (disabling the trigger takes the table owner, by hand, on purpose).
CREATE FUNCTION hqt_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION hqt_audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION hqt_audit_log_append_only();
