CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"dedupe_key" text NOT NULL,
	"reasons" text[] DEFAULT '{}' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_source_check" CHECK ("messages"."source" in ('policy', 'appeal', 'visit', 'system'))
);
--> statement-breakpoint
-- 政策推送's messages move in whole: same ids, words, reasons, read state and times.
INSERT INTO "messages" ("id", "account_id", "source", "kind", "title", "body", "link", "dedupe_key", "reasons", "read_at", "created_at")
SELECT "id", "account_id", 'policy', 'push.' || "event", "title", "body", '/policyMarket/policyMarket?guide=' || "guide_id",
       'guide:' || "guide_id" || ':' || "event", "reasons", "read_at", "created_at"
FROM "push_messages";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('messages', 'id'), greatest((SELECT max("id") FROM "messages"), 1), (SELECT count(*) > 0 FROM "messages"));--> statement-breakpoint
DROP TABLE "push_messages" CASCADE;--> statement-breakpoint
DROP TABLE "socket_io_attachments" CASCADE;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_account_dedupe_key" ON "messages" USING btree ("account_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "messages_inbox_idx" ON "messages" USING btree ("account_id",("read_at" is null) desc,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_dedupe_idx" ON "messages" USING btree ("dedupe_key");