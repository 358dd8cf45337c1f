CREATE TABLE "camera_report_counts" (
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"capability" text DEFAULT '' NOT NULL,
	"reports" bigint NOT NULL,
	CONSTRAINT "camera_report_counts_dimension_key_capability_pk" PRIMARY KEY("dimension","key","capability")
);
--> statement-breakpoint
ALTER TABLE "camera_reports" ADD COLUMN "best_megapixels" real;--> statement-breakpoint
ALTER TABLE "camera_reports" ADD COLUMN "largest_sensor_diagonal_mm" real;--> statement-breakpoint
CREATE INDEX "camera_report_counts_top_idx" ON "camera_report_counts" USING btree ("dimension","capability","reports" DESC NULLS LAST);--> statement-breakpoint
-- Reports stored before these columns: the same figures as shared/camera.ts derives at upload (bestMegapixels,
-- largestSensorDiagonalMm), read from the bodies, with the same bound past which a sensor size is no camera's.
UPDATE "camera_reports" AS r SET "best_megapixels" = f."megapixels", "largest_sensor_diagonal_mm" = f."diagonal"
FROM (
  SELECT b."report_id",
    round(max(CASE WHEN px."w" > 0 AND px."h" > 0 THEN px."w" * px."h" / 1e6 END)::numeric, 2) AS "megapixels",
    max(CASE WHEN mm."w" > 0 AND mm."h" > 0 AND mm."w" <= 1000 AND mm."h" <= 1000 THEN sqrt(mm."w" ^ 2 + mm."h" ^ 2) END)
      AS "diagonal"
  FROM "camera_report_bodies" AS b
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(b."report_data" -> 'camera_list') = 'array' THEN b."report_data" -> 'camera_list' END
  ) AS c
  CROSS JOIN LATERAL (SELECT c -> 'sensor' -> 'pixel_array' AS "pair") AS pa
  CROSS JOIN LATERAL (SELECT c -> 'sensor' -> 'physical_size_mm' AS "pair") AS ps
  CROSS JOIN LATERAL (SELECT
    CASE WHEN jsonb_typeof(pa."pair" -> 0) = 'number' THEN (pa."pair" ->> 0)::float8 END AS "w",
    CASE WHEN jsonb_typeof(pa."pair" -> 1) = 'number' THEN (pa."pair" ->> 1)::float8 END AS "h") AS px
  CROSS JOIN LATERAL (SELECT
    CASE WHEN jsonb_typeof(ps."pair" -> 0) = 'number' THEN (ps."pair" ->> 0)::float8 END AS "w",
    CASE WHEN jsonb_typeof(ps."pair" -> 1) = 'number' THEN (ps."pair" ->> 1)::float8 END AS "h") AS mm
  GROUP BY b."report_id"
) AS f
WHERE f."report_id" = r."id";--> statement-breakpoint
-- The statement adding the counts of a set of camera_reports rows ($1 = 1) or taking them away ($1 = -1): one text
-- for the triggers (over their transition tables) and the backfill below (over the table). Rows are upserted in key
-- order, so concurrent uploads on PostgreSQL lock the rows they share in the same order and never deadlock. Only the
-- documented capabilities are counted: any other name a report carries would add rows without bound.
CREATE FUNCTION "camera_report_counts_statement"(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
SELECT format($q$
INSERT INTO "camera_report_counts" AS counts ("dimension", "key", "capability", "reports")
SELECT "dimension", "key", "capability", $1 * count(*) FROM (
  SELECT 'hardware_level' AS "dimension", r."max_hardware_rank"::text AS "key", '' AS "capability" FROM %1$I AS r
  UNION ALL
  SELECT 'megapixels', floor(r."best_megapixels")::int::text, '' FROM %1$I AS r
  WHERE r."best_megapixels" BETWEEN 0 AND 1e6
  UNION ALL
  SELECT 'sensor_diagonal_tenth_mm', floor(r."largest_sensor_diagonal_mm"::float8 * 10)::int::text, '' FROM %1$I AS r
  WHERE r."largest_sensor_diagonal_mm" BETWEEN 0 AND 1e6
  UNION ALL
  SELECT g."dimension", g."key", c."capability" FROM %1$I AS r
  CROSS JOIN LATERAL (VALUES
    ('all', ''), ('android', split_part(r."device_os_version", '.', 1)), ('manufacturer', r."manufacturer")
  ) AS g("dimension", "key")
  CROSS JOIN LATERAL (SELECT '' UNION SELECT unnest(r."capabilities")) AS c("capability")
  WHERE c."capability" = '' OR c."capability" = ANY (ARRAY[
    'BACKWARD_COMPATIBLE', 'MANUAL_SENSOR', 'MANUAL_POST_PROCESSING', 'RAW', 'PRIVATE_REPROCESSING',
    'READ_SENSOR_SETTINGS', 'BURST_CAPTURE', 'YUV_REPROCESSING', 'DEPTH_OUTPUT', 'CONSTRAINED_HIGH_SPEED_VIDEO',
    'MOTION_TRACKING', 'LOGICAL_MULTI_CAMERA', 'MONOCHROME', 'SECURE_IMAGE_DATA', 'SYSTEM_CAMERA',
    'OFFLINE_PROCESSING', 'ULTRA_HIGH_RESOLUTION_SENSOR', 'REMOSAIC_REPROCESSING', 'DYNAMIC_RANGE_TEN_BIT',
    'STREAM_USE_CASE', 'COLOR_SPACE_PROFILES'
  ])
) AS facts
GROUP BY "dimension", "key", "capability"
ORDER BY "dimension", "key", "capability"
ON CONFLICT ("dimension", "key", "capability") DO UPDATE SET "reports" = counts."reports" + excluded."reports"
$q$, source)
$$;--> statement-breakpoint
DO $$ BEGIN EXECUTE "camera_report_counts_statement"('camera_reports') USING 1; END $$;--> statement-breakpoint
CREATE FUNCTION "camera_report_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE "camera_report_counts_statement"('new_rows') USING 1;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE "camera_report_counts_statement"('old_rows') USING -1;
    DELETE FROM "camera_report_counts" WHERE "reports" <= 0;
  ELSE
    DELETE FROM "camera_report_counts";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "camera_reports_counts_insert" AFTER INSERT ON "camera_reports" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "camera_report_counts_change"();--> statement-breakpoint
CREATE TRIGGER "camera_reports_counts_delete" AFTER DELETE ON "camera_reports" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "camera_report_counts_change"();--> statement-breakpoint
CREATE TRIGGER "camera_reports_counts_truncate" AFTER TRUNCATE ON "camera_reports" FOR EACH STATEMENT EXECUTE FUNCTION "camera_report_counts_change"();
