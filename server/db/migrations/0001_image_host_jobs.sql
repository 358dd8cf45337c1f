CREATE TABLE "image_host_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prompt" text NOT NULL,
	"model" text NOT NULL,
	"steps" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"input_img_id" text,
	"echo_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requestor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "image_host_jobs_created_idx" ON "image_host_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "image_host_jobs_requestor_idx" ON "image_host_jobs" USING btree ("requestor_id","created_at");