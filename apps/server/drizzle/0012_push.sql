CREATE TABLE "push_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"guide_id" integer NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"message_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "push_events_event_check" CHECK ("push_events"."event" in ('published', 'opened', 'closing'))
);
--> statement-breakpoint
CREATE TABLE "push_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"guide_id" integer NOT NULL,
	"event" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"reasons" text[] NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_messages_event_check" CHECK ("push_messages"."event" in ('published', 'opened', 'closing'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_kind_check" CHECK ("push_subscriptions"."kind" in ('qualified', 'topic', 'supportType', 'industry', 'department', 'keyword'))
);
--> statement-breakpoint
CREATE TABLE "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "push_events" ADD CONSTRAINT "push_events_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_events_guide_event_key" ON "push_events" USING btree ("guide_id","event");--> statement-breakpoint
CREATE UNIQUE INDEX "push_messages_account_guide_event_key" ON "push_messages" USING btree ("account_id","guide_id","event");--> statement-breakpoint
CREATE INDEX "push_messages_inbox_idx" ON "push_messages" USING btree ("account_id",("read_at" is null) desc,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_account_kind_value_key" ON "push_subscriptions" USING btree ("account_id","kind","value");--> statement-breakpoint
CREATE INDEX "push_subscriptions_kind_value_idx" ON "push_subscriptions" USING btree ("kind","value");