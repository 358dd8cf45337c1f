CREATE TABLE "camera_report_stats" (
	"id" smallint PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "camera_report_stats" ("id", "total") SELECT 1, count(*) FROM "camera_reports";--> statement-breakpoint
CREATE FUNCTION "camera_report_stats_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "camera_report_stats" SET "total" = "total" + (SELECT count(*) FROM "new_rows") WHERE "id" = 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "camera_report_stats" SET "total" = "total" - (SELECT count(*) FROM "old_rows") WHERE "id" = 1;
  ELSE
    UPDATE "camera_report_stats" SET "total" = 0 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "camera_reports_count_insert" AFTER INSERT ON "camera_reports" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "camera_report_stats_count"();--> statement-breakpoint
CREATE TRIGGER "camera_reports_count_delete" AFTER DELETE ON "camera_reports" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "camera_report_stats_count"();--> statement-breakpoint
CREATE TRIGGER "camera_reports_count_truncate" AFTER TRUNCATE ON "camera_reports" FOR EACH STATEMENT EXECUTE FUNCTION "camera_report_stats_count"();
