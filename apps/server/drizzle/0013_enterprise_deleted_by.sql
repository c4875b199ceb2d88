ALTER TABLE "enterprises" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "enterprises" ADD CONSTRAINT "enterprises_deleted_by_accounts_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Until now only the holding account could delete its enterprise (deleteenterinfo acts on its own).
UPDATE "enterprises" SET "deleted_by" = "account_id" WHERE "deleted_at" IS NOT NULL;
