CREATE TABLE "auto_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"guide_id" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"year" integer NOT NULL,
	"amount" numeric(14, 4),
	"status" text DEFAULT 'told' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"application_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "auto_offers_guide_enterprise_year_key" UNIQUE("guide_id","enterprise_id","year"),
	CONSTRAINT "auto_offers_status_check" CHECK ("auto_offers"."status" in ('told', 'confirmed', 'declined', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "auto_offers" ADD CONSTRAINT "auto_offers_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_offers" ADD CONSTRAINT "auto_offers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_offers" ADD CONSTRAINT "auto_offers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_offers_enterprise_idx" ON "auto_offers" USING btree ("enterprise_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auto_offers_status_idx" ON "auto_offers" USING btree ("status","guide_id");