CREATE TABLE "deleted_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource" text NOT NULL,
	"record_id" text NOT NULL,
	"snapshot" jsonb,
	"deleted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "deleted_records_expires_idx" ON "deleted_records" USING btree ("expires_at");