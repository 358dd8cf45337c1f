-- Stored JSON keeps the text it was given: jsonb reorders keys and drops whitespace, and the driver parses it
-- (rounding big numbers); text does neither.
-- A text entry's value becomes its text; a json entry's, and every site var's {"val": …}, their JSON text.
ALTER TABLE "kv_entries" ALTER COLUMN "value" SET DATA TYPE text
  USING CASE WHEN "value_type" = 'text' THEN "value" #>> '{}' ELSE "value"::text END;--> statement-breakpoint
ALTER TABLE "site_vars" ALTER COLUMN "val_object_json" SET DATA TYPE text USING "val_object_json"::text;
