ALTER TABLE "files" ALTER COLUMN "uploader_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "objections" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "claim_hash" text;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_check" CHECK ("files"."uploader_id" is not null or "files"."claim_hash" is not null);