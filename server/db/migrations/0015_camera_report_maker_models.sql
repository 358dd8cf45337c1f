-- A search by makers alone sorted by model walks each maker's range of this index in order and merges them
-- (camera-report-walk.ts). The model comes last so that walk reads the index alone.
CREATE INDEX "camera_reports_maker_models_idx" ON "camera_reports" USING btree ("manufacturer",lower("device_model") desc nulls last,"id" DESC NULLS LAST,"device_model");