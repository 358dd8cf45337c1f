ALTER TABLE "camera_reports" ADD COLUMN "sdk" smallint;--> statement-breakpoint
ALTER TABLE "camera_reports" ADD COLUMN "features" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Reports stored before these columns: the same as shared/camera.ts derives at upload (sdkOf, reportFeatures).
UPDATE "camera_reports" SET "sdk" = coalesce(
  substring("device_os" from '(?i)\m(?:SDK|API)[\s:_-]*(\d{1,2})\M')::smallint,
  (SELECT v."sdk" FROM (VALUES ('4.4', 19), ('5.0', 21), ('5.1', 22), ('6.0', 23), ('7.0', 24), ('7.1', 25),
    ('8.0', 26), ('8.1', 27), ('9.0', 28), ('10.0', 29), ('11.0', 30), ('12.0', 31), ('12.1', 32), ('13.0', 33),
    ('14.0', 34), ('15.0', 35), ('16.0', 36)) AS v("version", "sdk")
  WHERE v."version" = substring("device_os_version" from '^\s*(\d{1,2})')::int::text || '.' ||
    coalesce(substring("device_os_version" from '^\s*\d{1,2}\.(\d{1,2})'), '0')::int::text)
);--> statement-breakpoint
UPDATE "camera_reports" AS r SET "features" = f."features"
FROM (
  SELECT b."report_id", array_remove(ARRAY[
    CASE WHEN bool_or(cam."raw") THEN 'raw' END,
    CASE WHEN bool_or(cam."uhd") THEN '4k' END,
    CASE WHEN bool_or(cam."fps60") THEN '60fps' END,
    CASE WHEN bool_or(cam."high_speed") THEN 'high_speed' END,
    CASE WHEN bool_or(cam."ois") THEN 'ois' END,
    CASE WHEN bool_or(cam."logical") THEN 'logical_multi_camera' END
  ], NULL) AS "features"
  FROM "camera_report_bodies" AS b
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(b."report_data"::jsonb -> 'camera_list') = 'array' THEN b."report_data"::jsonb -> 'camera_list' END
  ) AS c
  CROSS JOIN LATERAL (SELECT
    CASE WHEN jsonb_typeof(c -> 'capabilities') = 'array' THEN c -> 'capabilities' ELSE '[]'::jsonb END AS "caps",
    CASE WHEN jsonb_typeof(c -> 'output_sizes') = 'object' THEN c -> 'output_sizes' ELSE '{}'::jsonb END AS "sizes",
    CASE WHEN jsonb_typeof(c -> 'ae_fps_ranges') = 'array' THEN c -> 'ae_fps_ranges' ELSE '[]'::jsonb END AS "fps",
    CASE WHEN jsonb_typeof(c -> 'high_speed_video') = 'array' THEN c -> 'high_speed_video' ELSE '[]'::jsonb END AS "hs",
    CASE WHEN jsonb_typeof(c -> 'lens' -> 'ois_modes') = 'array' THEN c -> 'lens' -> 'ois_modes' ELSE '[]'::jsonb END
      AS "ois_modes") AS k
  CROSS JOIN LATERAL (SELECT
    k."caps" ? 'RAW' OR (jsonb_typeof(k."sizes" -> 'RAW_SENSOR') = 'array'
      AND jsonb_array_length(k."sizes" -> 'RAW_SENSOR') > 0) AS "raw",
    EXISTS (SELECT 1 FROM unnest(ARRAY['PRIVATE', 'YUV_420_888']) AS fmt(name)
      CROSS JOIN LATERAL jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(k."sizes" -> fmt.name) = 'array' THEN k."sizes" -> fmt.name END) AS s(size)
      WHERE s.size ~ '^\d{1,5}x\d{1,5}$' AND split_part(s.size, 'x', 1)::int >= 3840
        AND split_part(s.size, 'x', 2)::int = 2160) AS "uhd",
    EXISTS (SELECT 1 FROM jsonb_array_elements(k."fps") AS fr(range)
      WHERE jsonb_typeof(fr.range -> 1) = 'number' AND (fr.range ->> 1)::float8 >= 60) AS "fps60",
    jsonb_array_length(k."hs") > 0 OR k."caps" ? 'CONSTRAINED_HIGH_SPEED_VIDEO' AS "high_speed",
    k."ois_modes" ? 'ON' AS "ois",
    c -> 'is_logical' = 'true'::jsonb OR k."caps" ? 'LOGICAL_MULTI_CAMERA' AS "logical") AS cam
  GROUP BY b."report_id"
) AS f
WHERE f."report_id" = r."id";--> statement-breakpoint
CREATE INDEX "camera_reports_device_sort_idx" ON "camera_reports" USING btree (lower("device_model") desc nulls last,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "camera_reports_manufacturer_sort_idx" ON "camera_reports" USING btree ("search_text" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "camera_reports_cameras_sort_idx" ON "camera_reports" USING btree ("camera_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "camera_reports_level_sort_idx" ON "camera_reports" USING btree ("max_hardware_rank" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "camera_reports_sdk_sort_idx" ON "camera_reports" USING btree ("sdk" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "camera_reports_megapixels_idx" ON "camera_reports" USING btree ("best_megapixels" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "camera_reports_manufacturer_idx" ON "camera_reports" USING btree ("manufacturer","device_model");--> statement-breakpoint
CREATE INDEX "camera_reports_features_idx" ON "camera_reports" USING gin ("features");