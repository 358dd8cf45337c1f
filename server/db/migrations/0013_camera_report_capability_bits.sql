-- A report's known capabilities as bits, bit i for the i-th name of this list: KNOWN_CAPABILITIES of
-- shared/contract/camera-vocabulary.ts in its order (server/db/capability-bits.test.ts compares the two; a name
-- may only be added at the end). Other names set no bit.
CREATE FUNCTION "camera_capability_bits"("capabilities" text[]) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(1 << ("position" - 1)), 0)::integer
  FROM unnest("capabilities") AS "name",
    array_position(ARRAY['BACKWARD_COMPATIBLE', 'MANUAL_SENSOR', 'MANUAL_POST_PROCESSING', 'RAW', 'PRIVATE_REPROCESSING', 'READ_SENSOR_SETTINGS', 'BURST_CAPTURE', 'YUV_REPROCESSING', 'DEPTH_OUTPUT', 'CONSTRAINED_HIGH_SPEED_VIDEO', 'MOTION_TRACKING', 'LOGICAL_MULTI_CAMERA', 'MONOCHROME', 'SECURE_IMAGE_DATA', 'SYSTEM_CAMERA', 'OFFLINE_PROCESSING', 'ULTRA_HIGH_RESOLUTION_SENSOR', 'REMOSAIC_REPROCESSING', 'DYNAMIC_RANGE_TEN_BIT', 'STREAM_USE_CASE', 'COLOR_SPACE_PROFILES']::text[], "name") AS "position"
$$;--> statement-breakpoint
DROP INDEX "camera_reports_created_idx";--> statement-breakpoint
DROP INDEX "camera_reports_device_sort_idx";--> statement-breakpoint
DROP INDEX "camera_reports_manufacturer_sort_idx";--> statement-breakpoint
DROP INDEX "camera_reports_cameras_sort_idx";--> statement-breakpoint
DROP INDEX "camera_reports_level_sort_idx";--> statement-breakpoint
DROP INDEX "camera_reports_sdk_sort_idx";--> statement-breakpoint
DROP INDEX "camera_reports_megapixels_idx";--> statement-breakpoint
ALTER TABLE "camera_reports" ADD COLUMN "capability_bits" integer GENERATED ALWAYS AS (camera_capability_bits(capabilities)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "camera_reports_created_idx" ON "camera_reports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"manufacturer","device_model","sdk","best_megapixels","max_hardware_rank","facings","features","capability_bits");--> statement-breakpoint
CREATE INDEX "camera_reports_device_sort_idx" ON "camera_reports" USING btree (lower("device_model") desc nulls last,"id" DESC NULLS LAST,"manufacturer","device_model","sdk","best_megapixels","max_hardware_rank","facings","features","capability_bits");--> statement-breakpoint
CREATE INDEX "camera_reports_manufacturer_sort_idx" ON "camera_reports" USING btree ("search_text" DESC NULLS LAST,"id" DESC NULLS LAST,"manufacturer","device_model","sdk","best_megapixels","max_hardware_rank","facings","features","capability_bits");--> statement-breakpoint
CREATE INDEX "camera_reports_cameras_sort_idx" ON "camera_reports" USING btree ("camera_count" DESC NULLS LAST,"id" DESC NULLS LAST,"manufacturer","device_model","sdk","best_megapixels","max_hardware_rank","facings","features","capability_bits");--> statement-breakpoint
CREATE INDEX "camera_reports_level_sort_idx" ON "camera_reports" USING btree ("max_hardware_rank" DESC NULLS LAST,"id" DESC NULLS LAST,"manufacturer","device_model","sdk","best_megapixels","facings","features","capability_bits");--> statement-breakpoint
CREATE INDEX "camera_reports_sdk_sort_idx" ON "camera_reports" USING btree ("sdk" DESC NULLS LAST,"id" DESC NULLS LAST,"manufacturer","device_model","best_megapixels","max_hardware_rank","facings","features","capability_bits");--> statement-breakpoint
CREATE INDEX "camera_reports_megapixels_idx" ON "camera_reports" USING btree ("best_megapixels" DESC NULLS LAST,"id" DESC NULLS LAST,"manufacturer","device_model","sdk","max_hardware_rank","facings","features","capability_bits");