ALTER TABLE "site_data" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "site_data" ADD COLUMN "headings" jsonb;