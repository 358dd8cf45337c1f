CREATE TABLE "camera_report_bodies" (
	"report_id" uuid PRIMARY KEY NOT NULL,
	"report_data" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camera_report_bodies" ADD CONSTRAINT "camera_report_bodies_report_id_camera_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."camera_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing reports keep their bodies: copied before the column goes (hand-written; drizzle-kit only drops it).
INSERT INTO "camera_report_bodies" ("report_id", "report_data") SELECT "id", "report_data" FROM "camera_reports";--> statement-breakpoint
ALTER TABLE "camera_reports" DROP COLUMN "report_data";