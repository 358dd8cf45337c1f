// One schema for PGlite and PostgreSQL. Every table of the product is exported here (the people's tables from
// schema-people.ts) so that migrations are generated from one place (`npm run db:generate`).
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { apiKeys, createdAt, users } from "./schema-people";

export { accounts, apiKeys, sessions, users } from "./schema-people";

// ---------------------------------------------------------------- camera reports

const FILTER_COLUMNS = [
  "manufacturer",
  "deviceModel",
  "sdk",
  "bestMegapixels",
  "maxHardwareRank",
  "facings",
  "features",
  "capabilityBits",
] as const;

/**
 * The columns of the list's filters, carried by every sort's index after its key and the id (where they do not
 * change its order): a filtered walk along a sort then tests each report in the index and reads the table only for
 * the page's rows. Without them a deep page of a filter (page 8 of one maker in a hundred, oldest first) read a table
 * page for every report it passed. The capabilities come as their bits (4 bytes); the arrays of capabilities and
 * search words (about 300 bytes a report together) stay out, having their own indexes. `sortColumn` is left out,
 * being the key already.
 */
function filterColumns<Column>(
  t: Record<(typeof FILTER_COLUMNS)[number], Column>,
  sortColumn?: (typeof FILTER_COLUMNS)[number],
): Column[] {
  return FILTER_COLUMNS.filter((name) => name !== sortColumn).map((name) => t[name]!);
}

export const cameraReports = pgTable(
  "camera_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    manufacturer: text("manufacturer").notNull(),
    deviceModel: text("device_model").notNull(),
    deviceOs: text("device_os").notNull(),
    deviceOsVersion: text("device_os_version").notNull(),
    // The Android API level from device_os ("(SDK 33)") or its version; null when neither says (shared/camera.ts).
    sdk: smallint("sdk"),
    // Lower-cased "manufacturer model" so search never has to read report JSON.
    searchText: text("search_text").notNull(),
    // Every prefix of every word of manufacturer and model: word-prefix search through a GIN index ("pix" finds Pixel).
    searchTerms: text("search_terms")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cameraCount: smallint("camera_count").notNull(),
    facings: text("facings")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // What some camera can do that the list filters on (REPORT_FEATURES: raw, 4k, 60fps, high_speed, ois,
    // logical_multi_camera), derived at upload by shared/camera.ts reportFeatures.
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Best hardware level by real order: LEGACY 0 < EXTERNAL 1 < LIMITED 2 < FULL 3 < LEVEL_3 4; -1 for none.
    maxHardwareRank: smallint("max_hardware_rank").notNull(),
    capabilities: text("capabilities")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The known capabilities among them as bits, bit i for KNOWN_CAPABILITIES[i] (the SQL function
    // camera_capability_bits, created by migration 0013, holds the same list): small enough for the sort indexes
    // to carry, so a capability filter walks a sort without reading the table.
    capabilityBits: integer("capability_bits")
      .notNull()
      .generatedAlwaysAs(sql`camera_capability_bits(capabilities)`),
    // The most megapixels of any camera, and the largest sensor's diagonal in mm (null when no camera says): the
    // statistics count them, and reading them from the report JSON would parse every body.
    bestMegapixels: real("best_megapixels"),
    largestSensorDiagonalMm: real("largest_sensor_diagonal_mm"),
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
  },
  (t) => [
    index("camera_reports_created_idx").on(t.createdAt.desc(), t.id.desc(), ...filterColumns(t)),
    index("camera_reports_search_idx").on(t.searchText),
    index("camera_reports_search_terms_idx").using("gin", t.searchTerms),
    index("camera_reports_facings_idx").using("gin", t.facings),
    index("camera_reports_capabilities_idx").using("gin", t.capabilities),
    index("camera_reports_rank_idx").on(t.maxHardwareRank, t.createdAt.desc()),
    // The list's sorts (key, id, then the filters' columns), each walked forwards for descending and backwards for
    // ascending; and the filters.
    index("camera_reports_device_sort_idx").on(
      sql`lower(${t.deviceModel}) desc nulls last`,
      t.id.desc(),
      ...filterColumns(t),
    ),
    index("camera_reports_manufacturer_sort_idx").on(t.searchText.desc(), t.id.desc(), ...filterColumns(t)),
    index("camera_reports_cameras_sort_idx").on(t.cameraCount.desc(), t.id.desc(), ...filterColumns(t)),
    index("camera_reports_level_sort_idx").on(
      t.maxHardwareRank.desc(),
      t.id.desc(),
      ...filterColumns(t, "maxHardwareRank"),
    ),
    index("camera_reports_sdk_sort_idx").on(t.sdk.desc(), t.id.desc(), ...filterColumns(t, "sdk")),
    index("camera_reports_megapixels_idx").on(
      t.bestMegapixels.desc(),
      t.id.desc(),
      ...filterColumns(t, "bestMegapixels"),
    ),
    // A search by maker (and model, SDK, megapixels) reads its matches and every sort's key from this index alone.
    index("camera_reports_manufacturer_sorts_idx").on(
      ...([t.manufacturer, t.deviceModel, t.sdk, t.cameraCount, t.maxHardwareRank, t.bestMegapixels] as const),
      ...([t.createdAt, t.searchText, t.id] as const),
    ),
    // A search by makers alone sorted by model walks each maker's range of this index in order and merges them.
    // The model itself comes last so the walk reads the index alone (an expression's column must be in it).
    index("camera_reports_maker_models_idx").on(
      t.manufacturer,
      sql`lower(${t.deviceModel}) desc nulls last`,
      t.id.desc(),
      t.deviceModel,
    ),
    index("camera_reports_features_idx").using("gin", t.features),
  ],
);

// The report as uploaded, beside the columns the list reads. Lists, searches and counts scan camera_reports; with the
// bodies (1.6 kB each) inline, 100,000 reports made a 125 MB heap that no search could keep in memory, and a novel
// search read most of it from disk. Apart, the list's table is a fifth of that. The body is the uploaded text:
// jsonb would reorder its keys, drop its whitespace and hand the driver numbers to round.
export const cameraReportBodies = pgTable("camera_report_bodies", {
  reportId: uuid("report_id")
    .primaryKey()
    .references(() => cameraReports.id, { onDelete: "cascade" }),
  reportData: text("report_data").notNull(),
});

// How many camera reports there are, kept by a statement trigger on camera_reports (see its migration): counting
// 100,000 rows at every list view would scan the whole table.
export const cameraReportStats = pgTable("camera_report_stats", {
  id: smallint("id").primaryKey(),
  total: bigint("total", { mode: "number" }).notNull(),
});

// Reports per (dimension, key, capability), kept by statement triggers on camera_reports (see its migration), so the
// statistics page reads a few hundred rows instead of every report. capability "" counts all the group's reports.
export const cameraReportCounts = pgTable(
  "camera_report_counts",
  {
    dimension: text("dimension").notNull(),
    key: text("key").notNull(),
    capability: text("capability").notNull().default(""),
    reports: bigint("reports", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dimension, t.key, t.capability] }),
    index("camera_report_counts_top_idx").on(t.dimension, t.capability, t.reports.desc()),
  ],
);

// One row per manufacturer and model with its report count and newest report, kept by statement triggers on
// camera_reports (see its migration), so the list grouped by model reads these rows instead of every report.
export const cameraReportModels = pgTable(
  "camera_report_models",
  {
    manufacturer: text("manufacturer").notNull(),
    deviceModel: text("device_model").notNull(),
    reports: bigint("reports", { mode: "number" }).notNull(),
    newestAt: timestamp("newest_at", { withTimezone: true }).notNull(),
    newestId: uuid("newest_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.manufacturer, t.deviceModel] })],
);

export const idempotencyKeys = pgTable("idempotency_keys", {
  key: text("key").primaryKey(),
  requestHash: text("request_hash").notNull(),
  reportId: uuid("report_id")
    .notNull()
    .references(() => cameraReports.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- site content and settings

export const siteData = pgTable(
  "site_data",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    versionNum: integer("version_num").notNull(),
    type: text("type").notNull(),
    markdown: text("markdown").notNull().default(""),
    // The markdown rendered for its public page when it was saved, so no visitor pays for rendering it; null for a
    // row saved before these columns, rendered (once) when first read.
    html: text("html"),
    headings: jsonb("headings").$type<{ level: number; text: string; id: string }[]>(),
    isCurrent: boolean("is_current").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("site_data_type_version_key").on(t.type, t.versionNum),
    // At most one current entry per type, enforced by the database itself.
    uniqueIndex("site_data_one_current_key")
      .on(t.type)
      .where(sql`${t.isCurrent}`),
  ],
);

export const siteVars = pgTable(
  "site_vars",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    namedKey: text("named_key").notNull(),
    valType: text("val_type").notNull(),
    /**
     * JSON text: {"val": the value as written}, or {"sealed": …} for a secret var
     * (server/services/secret-site-vars.ts). Text, not jsonb: jsonb reorders keys and drops whitespace, and the
     * driver hands it over parsed, with big numbers rounded (shared/stored-json.ts).
     */
    valObjectJson: text("val_object_json").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("site_vars_named_key_key").on(t.namedKey)],
);

export const kvEntries = pgTable(
  "kv_entries",
  {
    key: text("key").primaryKey(),
    valueType: text("value_type").notNull(),
    /** A text entry's text; a json entry's JSON text as written (not jsonb, which would change it). */
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("kv_entries_expires_idx").on(t.expiresAt)],
);

export const wonderTags = pgTable(
  "wonder_tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    color: text("color"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("wonder_tags_slug_key").on(t.slug)],
);

export const wonderItems = pgTable(
  "wonder_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    summary: text("summary").notNull().default(""),
    bodyMarkdown: text("body_markdown").notNull().default(""),
    imageUrl: text("image_url"),
    status: text("status").notNull().default("draft"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("wonder_items_slug_key").on(t.slug), index("wonder_items_status_idx").on(t.status, t.createdAt)],
);

export const wonderItemTags = pgTable(
  "wonder_item_tags",
  {
    itemId: uuid("item_id")
      .notNull()
      .references(() => wonderItems.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => wonderTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.tagId] }), index("wonder_item_tags_tag_idx").on(t.tagId)],
);

// ---------------------------------------------------------------- contact and mail

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    clientIp: text("client_ip"),
    createdAt: createdAt(),
    handled: boolean("handled").notNull().default(false),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    notifyAttempts: integer("notify_attempts").notNull().default(0),
    lastNotifyError: text("last_notify_error"),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt), index("contact_messages_unsent_idx").on(t.notifiedAt)],
);

// A mail account an administrator connected through OAuth (a "connected session" in the Email Config page).
export const mailConnections = pgTable("mail_connections", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull(),
  refreshTokenEncrypted: text("refresh_token_encrypted").notNull(),
  lastLoginIp: text("last_login_ip"),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  createdAt: createdAt(),
});

// Jobs of the small image host the project ships (server/image-host): images are drawn from these
// parameters on demand, so only the request is kept. In the database so every worker process sees them.
export const imageHostJobs = pgTable(
  "image_host_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    prompt: text("prompt").notNull(),
    model: text("model").notNull(),
    steps: integer("steps").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    inputImgId: text("input_img_id"),
    // The echo data's JSON text as the caller wrote it.
    echoData: text("echo_data").notNull().default("{}"),
    requestorId: text("requestor_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("image_host_jobs_created_idx").on(t.createdAt),
    index("image_host_jobs_requestor_idx").on(t.requestorId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- misc

// Fixed-window counters shared by every worker process (login, contact).
export const rateLimits = pgTable("rate_limits", {
  bucket: text("bucket").primaryKey(),
  count: integer("count").notNull(),
  windowStartMs: bigint("window_start_ms", { mode: "number" }).notNull(),
});

// A delete an administrator can still undo: the deleted rows as they were (`to_jsonb(row)`, parent first, then the
// rows that went with it) and the rows whose link to it was set null, kept for a few minutes. Restore re-inserts the
// rows unchanged, so a user keeps their password hash and a key its digest, which never leave the server.
export const deletedRecords = pgTable(
  "deleted_records",
  {
    // Random and only ever shown to the administrator who deleted: the Undo button's reference.
    id: uuid("id").primaryKey().defaultRandom(),
    resource: text("resource").notNull(),
    recordId: text("record_id").notNull(),
    // {rows: [{table, row}], relinks: [{table, column, ids}]}; null once restored.
    snapshot: jsonb("snapshot"),
    deletedBy: uuid("deleted_by"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    restoredAt: timestamp("restored_at", { withTimezone: true }),
  },
  (t) => [index("deleted_records_expires_idx").on(t.expiresAt)],
);
