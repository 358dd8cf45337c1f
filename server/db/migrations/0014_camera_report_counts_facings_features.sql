-- The counts keep the reports of each lens facing and each feature too (dimensions 'facing' and 'feature', with
-- capability ''), so the list can judge how near a search by them finds its page (camera-report-walk.ts). Only the
-- values the list filters on are counted (LENS_FACINGS and REPORT_FEATURES of shared/contract/camera-vocabulary.ts).
CREATE OR REPLACE FUNCTION "camera_report_counts_statement"(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
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
  UNION ALL
  SELECT 'facing', f."facing", '' FROM %1$I AS r
  CROSS JOIN LATERAL (SELECT DISTINCT unnest(r."facings")) AS f("facing")
  WHERE f."facing" IN ('FRONT', 'BACK', 'EXTERNAL')
  UNION ALL
  SELECT 'feature', f."feature", '' FROM %1$I AS r
  CROSS JOIN LATERAL (SELECT DISTINCT unnest(r."features")) AS f("feature")
  WHERE f."feature" IN ('raw', '4k', '60fps', 'high_speed', 'ois', 'logical_multi_camera')
) AS facts
GROUP BY "dimension", "key", "capability"
ORDER BY "dimension", "key", "capability"
ON CONFLICT ("dimension", "key", "capability") DO UPDATE SET "reports" = counts."reports" + excluded."reports"
$q$, source)
$$;--> statement-breakpoint
-- The counts again from the reports, with the new dimensions; the lock keeps an upload from counting in between.
LOCK TABLE "camera_reports" IN SHARE MODE;--> statement-breakpoint
DELETE FROM "camera_report_counts";--> statement-breakpoint
DO $$ BEGIN EXECUTE "camera_report_counts_statement"('camera_reports') USING 1; END $$;
