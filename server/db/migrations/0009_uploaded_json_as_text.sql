-- A camera report's body and an image job's echo data keep the text they were given: jsonb reorders keys and
-- drops whitespace, and the driver parses it (rounding big numbers); text does neither. Existing rows become their
-- JSON text.
ALTER TABLE "camera_report_bodies" ALTER COLUMN "report_data" SET DATA TYPE text USING "report_data"::text;--> statement-breakpoint
ALTER TABLE "image_host_jobs" ALTER COLUMN "echo_data" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "image_host_jobs" ALTER COLUMN "echo_data" SET DATA TYPE text USING "echo_data"::text;--> statement-breakpoint
ALTER TABLE "image_host_jobs" ALTER COLUMN "echo_data" SET DEFAULT '{}';
