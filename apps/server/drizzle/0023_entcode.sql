CREATE TABLE "enterprise_code_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"viewer" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_code_scans_viewer_check" CHECK ("enterprise_code_scans"."viewer" in ('visitor', 'owner', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "enterprise_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"credit_code" text NOT NULL,
	"enterprise_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"replaced_by" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_codes_code_key" UNIQUE("code"),
	CONSTRAINT "enterprise_codes_status_check" CHECK ("enterprise_codes"."status" in ('active', 'frozen', 'revoked', 'replaced'))
);
--> statement-breakpoint
ALTER TABLE "enterprise_code_scans" ADD CONSTRAINT "enterprise_code_scans_code_id_enterprise_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."enterprise_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_codes" ADD CONSTRAINT "enterprise_codes_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_codes" ADD CONSTRAINT "enterprise_codes_replaced_by_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."enterprise_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enterprise_code_scans_code_at_idx" ON "enterprise_code_scans" USING btree ("code_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enterprise_code_scans_at_idx" ON "enterprise_code_scans" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_codes_live_key" ON "enterprise_codes" USING btree ("credit_code") WHERE "enterprise_codes"."status" in ('active', 'frozen');--> statement-breakpoint
CREATE INDEX "enterprise_codes_credit_code_idx" ON "enterprise_codes" USING btree ("credit_code");--> statement-breakpoint
CREATE INDEX "enterprise_codes_enterprise_idx" ON "enterprise_codes" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "enterprise_codes_created_idx" ON "enterprise_codes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);