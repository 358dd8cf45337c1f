CREATE TABLE "camera_report_models" (
	"manufacturer" text NOT NULL,
	"device_model" text NOT NULL,
	"reports" bigint NOT NULL,
	"newest_at" timestamp with time zone NOT NULL,
	"newest_id" uuid NOT NULL,
	CONSTRAINT "camera_report_models_manufacturer_device_model_pk" PRIMARY KEY("manufacturer","device_model")
);
--> statement-breakpoint
-- Adds the models of a set of camera_reports rows (the insert trigger's transition table, or the table itself for
-- the backfill below): counts add up, and the newest report is the later of the kept one and the set's, by upload
-- time then id, as the grouped list orders them. Rows are upserted in key order, so concurrent uploads on PostgreSQL
-- lock the rows they share in the same order and never deadlock.
CREATE FUNCTION "camera_report_models_statement"(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
SELECT format($q$
INSERT INTO "camera_report_models" AS models ("manufacturer", "device_model", "reports", "newest_at", "newest_id")
SELECT r."manufacturer", r."device_model", count(*), max(r."created_at"),
  (array_agg(r."id" ORDER BY r."created_at" DESC, r."id" DESC))[1]
FROM %1$I AS r
GROUP BY r."manufacturer", r."device_model"
ORDER BY r."manufacturer", r."device_model"
ON CONFLICT ("manufacturer", "device_model") DO UPDATE SET
  "reports" = models."reports" + excluded."reports",
  "newest_at" = CASE WHEN (excluded."newest_at", excluded."newest_id") > (models."newest_at", models."newest_id")
    THEN excluded."newest_at" ELSE models."newest_at" END,
  "newest_id" = CASE WHEN (excluded."newest_at", excluded."newest_id") > (models."newest_at", models."newest_id")
    THEN excluded."newest_id" ELSE models."newest_id" END
$q$, source)
$$;--> statement-breakpoint
DO $$ BEGIN EXECUTE "camera_report_models_statement"('camera_reports'); END $$;--> statement-breakpoint
-- Deleted reports: counts go down, a model without reports goes, and a model whose newest report was deleted reads
-- its newest again from camera_reports (through camera_reports_manufacturer_idx, one model's reports).
CREATE FUNCTION "camera_report_models_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE "camera_report_models_statement"('new_rows');
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "camera_report_models" AS models SET "reports" = models."reports" - gone."reports"
    FROM (
      SELECT o."manufacturer", o."device_model", count(*) AS "reports" FROM "old_rows" AS o
      GROUP BY o."manufacturer", o."device_model"
    ) AS gone
    WHERE models."manufacturer" = gone."manufacturer" AND models."device_model" = gone."device_model";
    DELETE FROM "camera_report_models" WHERE "reports" <= 0;
    UPDATE "camera_report_models" AS models SET ("newest_at", "newest_id") = (
      SELECT r."created_at", r."id" FROM "camera_reports" AS r
      WHERE r."manufacturer" = models."manufacturer" AND r."device_model" = models."device_model"
      ORDER BY r."created_at" DESC, r."id" DESC LIMIT 1
    )
    WHERE models."newest_id" IN (SELECT o."id" FROM "old_rows" AS o);
  ELSE
    DELETE FROM "camera_report_models";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "camera_reports_models_insert" AFTER INSERT ON "camera_reports" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "camera_report_models_change"();--> statement-breakpoint
CREATE TRIGGER "camera_reports_models_delete" AFTER DELETE ON "camera_reports" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "camera_report_models_change"();--> statement-breakpoint
CREATE TRIGGER "camera_reports_models_truncate" AFTER TRUNCATE ON "camera_reports" FOR EACH STATEMENT EXECUTE FUNCTION "camera_report_models_change"();
