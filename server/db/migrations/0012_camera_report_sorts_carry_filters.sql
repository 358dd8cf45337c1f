DROP INDEX "camera_reports_created_idx";--> statement-breakpoint
DROP INDEX "camera_reports_device_sort_idx";--> statement-breakpoint
DROP INDEX "camera_reports_manufacturer_sort_idx";--> statement-breakpoint
DROP INDEX "camera_reports_cameras_sort_idx";--> statement-breakpoint
DROP INDEX "camera_reports_level_sort_idx";--> statement-breakpoint
DROP INDEX "camera_reports_sdk_sort_idx";--> statement-breakpoint
DROP INDEX "camera_reports_megapixels_idx";--> statement-breakpoint
CREATE INDEX "camera_reports_created_idx" ON "camera_reports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"manufacturer","device_model","sdk","best_megapixels","max_hardware_rank","facings","features");--> statement-breakpoint
CREATE INDEX "camera_reports_device_sort_idx" ON "camera_reports" USING btree (lower("device_model") desc nulls last,"id" DESC NULLS LAST,"manufacturer","device_model","sdk","best_megapixels","max_hardware_rank","facings","features");--> statement-breakpoint
CREATE INDEX "camera_reports_manufacturer_sort_idx" ON "camera_reports" USING btree ("search_text" DESC NULLS LAST,"id" DESC NULLS LAST,"manufacturer","device_model","sdk","best_megapixels","max_hardware_rank","facings","features");--> statement-breakpoint
CREATE INDEX "camera_reports_cameras_sort_idx" ON "camera_reports" USING btree ("camera_count" DESC NULLS LAST,"id" DESC NULLS LAST,"manufacturer","device_model","sdk","best_megapixels","max_hardware_rank","facings","features");--> statement-breakpoint
CREATE INDEX "camera_reports_level_sort_idx" ON "camera_reports" USING btree ("max_hardware_rank" DESC NULLS LAST,"id" DESC NULLS LAST,"manufacturer","device_model","sdk","best_megapixels","facings","features");--> statement-breakpoint
CREATE INDEX "camera_reports_sdk_sort_idx" ON "camera_reports" USING btree ("sdk" DESC NULLS LAST,"id" DESC NULLS LAST,"manufacturer","device_model","best_megapixels","max_hardware_rank","facings","features");--> statement-breakpoint
CREATE INDEX "camera_reports_megapixels_idx" ON "camera_reports" USING btree ("best_megapixels" DESC NULLS LAST,"id" DESC NULLS LAST,"manufacturer","device_model","sdk","max_hardware_rank","facings","features");