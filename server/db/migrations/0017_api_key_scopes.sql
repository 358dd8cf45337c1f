-- The keys saved before scopes keep what they could do: every scope (the administrator narrows them on the API keys
-- page). Keys saved from now on may only upload reports unless granted more.
ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{reports:upload,kv:read,kv:write}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "scopes" SET DEFAULT '{reports:upload}'::text[];
