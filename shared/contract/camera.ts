// Camera reports: the upload the probe app sends (docs/camera-report.md), the list's search form, and what
// /api/camera/* answers. The upload schema is the contract of POST /api/camera/reports; the query schema is shared
// by the list page's GET form and GET /api/camera/reports.
import { z } from "zod";
import { NO_CONTROL_CHARACTERS } from "./text-rules";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT_DIRECTIONS,
  HARDWARE_LEVELS,
  isReportId,
  KNOWN_CAPABILITIES,
  LENS_FACINGS,
  MAX_CAMERAS_PER_REPORT,
  MAX_COMPARE,
  MAX_MANUFACTURER_FILTERS,
  MAX_MEGAPIXELS_FILTER,
  MAX_NAME_FILTER_LENGTH,
  MAX_PAGE,
  MAX_SDK,
  MIN_SDK,
  REPORT_FEATURES,
  REPORT_SORTS,
  MAX_PAGE_SIZE,
  MAX_REACH,
  MAX_SEARCH_LENGTH,
  MIN_COMPARE,
  type CameraReportParameter,
  type CameraReportQuery,
} from "./camera-vocabulary";

export * from "./camera-vocabulary";

// The probe app sends enum names; a value its Android version did not know arrives as UNKNOWN_<int>.
const UNKNOWN_ENUM = /^UNKNOWN_-?\d{1,10}$/;

function enumName<const T extends readonly string[]>(values: T) {
  return z
    .string()
    .max(64, "At most 64 characters.")
    .refine(
      (value) => values.includes(value) || UNKNOWN_ENUM.test(value),
      `Expected one of ${values.join(", ")} or UNKNOWN_<int>.`,
    );
}

const name = z.string().max(64, "At most 64 characters.");
const names = (max: number) => z.array(name).max(max, `At most ${max} entries.`);
const finite = z.number();
const pair = z.tuple([finite, finite]);
const positivePair = z.tuple([z.number().positive(), z.number().positive()]);
const SIZE = /^\d{1,5}x\d{1,5}$/;
const size = z.string().regex(SIZE, 'A size is "<width>x<height>", e.g. "4000x3000".');

// Missing values are normal (LEGACY devices, keys hidden without the CAMERA permission): everything beyond the
// identity of a camera may be absent or null, but what is there must have the documented type.
const CameraSensorSchema = z.looseObject({
  physical_size_mm: positivePair.nullish(),
  pixel_array: z.tuple([z.number().int().positive(), z.number().int().positive()]).nullish(),
  iso_range: pair.nullish(),
  exposure_time_ns: pair.nullish(),
  color_filter: name.nullish(),
});

const CameraLensSchema = z.looseObject({
  focal_lengths_mm: z.array(z.number().positive()).max(16, "At most 16 entries.").nullish(),
  apertures: z.array(z.number().positive()).max(16, "At most 16 entries.").nullish(),
  min_focus_diopters: z.number().min(0).nullish(),
  ois_modes: names(8).nullish(),
});

const CameraItemSchema = z.looseObject({
  camera_id: z.string().min(1, "Required.").max(64, "At most 64 characters."),
  lens_facing: enumName(LENS_FACINGS),
  hardware_level: enumName(HARDWARE_LEVELS),
  capabilities: names(64),
  is_logical: z.boolean().nullish(),
  physical_camera_ids: names(32).nullish(),
  parent_logical_id: name.nullish(),
  sensor_orientation: z
    .number()
    .int()
    .refine((value) => [0, 90, 180, 270].includes(value), "Expected 0, 90, 180 or 270.")
    .nullish(),
  sensor: CameraSensorSchema.nullish(),
  lens: CameraLensSchema.nullish(),
  af_modes: names(32).nullish(),
  ae_modes: names(32).nullish(),
  awb_modes: names(32).nullish(),
  ae_compensation: z.looseObject({ range: pair, step: z.string().max(16, "At most 16 characters.") }).nullish(),
  ae_fps_ranges: z.array(pair).max(128, "At most 128 entries.").nullish(),
  video_stabilization_modes: names(8).nullish(),
  zoom_ratio_range: positivePair.nullish(),
  flash_available: z.boolean().nullish(),
  output_sizes: z.record(name, z.array(size).max(512, "At most 512 sizes per format.")).nullish(),
  high_speed_video: z
    .array(z.looseObject({ size, fps: z.array(pair).max(32, "At most 32 entries.") }))
    .max(128, "At most 128 entries.")
    .nullish(),
});

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .max(max, `${label} must be at most ${max} characters.`)
    .regex(/\S/, `${label} is required.`);

export const CameraReportUploadSchema = z
  .looseObject({
    manufacturer: requiredText("manufacturer", 100),
    device_model: requiredText("device_model", 100),
    device_os: requiredText("device_os", 100),
    device_os_version: z.string().max(40, "device_os_version must be at most 40 characters.").nullish(),
    camera_list: z
      .array(CameraItemSchema, { error: "camera_list must be a list of cameras." })
      .max(MAX_CAMERAS_PER_REPORT, `A report has at most ${MAX_CAMERAS_PER_REPORT} cameras.`),
    app_version: z.string().max(40, "app_version must be at most 40 characters.").nullish(),
  })
  .superRefine((report, ctx) => {
    const seen = new Set<string>();
    report.camera_list.forEach((camera, index) => {
      if (seen.has(camera.camera_id)) {
        ctx.addIssue({
          code: "custom",
          path: ["camera_list", index, "camera_id"],
          message: `Duplicate camera_id "${camera.camera_id}".`,
        });
      }
      seen.add(camera.camera_id);
    });
  });

export type CameraReportUpload = z.infer<typeof CameraReportUploadSchema>;
export type CameraItem = z.infer<typeof CameraItemSchema>;

// ---------------------------------------------------------------- the list's search form

const capability = z.enum(KNOWN_CAPABILITIES, { error: `Expected one of ${KNOWN_CAPABILITIES.join(", ")}.` });
const feature = z.enum(REPORT_FEATURES, { error: `Expected one of ${REPORT_FEATURES.join(", ")}.` });
const manufacturerName = z
  .string()
  .trim()
  .max(MAX_NAME_FILTER_LENGTH, `A manufacturer is at most ${MAX_NAME_FILTER_LENGTH} characters.`)
  .regex(NO_CONTROL_CHARACTERS, "A manufacturer must not contain control characters.");

/**
 * One value or several (a repeated query parameter), at most `max`. A union's own message says only "Invalid
 * input": the message is the one of the branch the value's shape chose, which names the values there are.
 */
function oneOrMany<T extends z.ZodType>(item: T, max: number, label: string) {
  return z
    .union([item, z.array(item).max(max, `At most ${max} ${label}.`)], {
      error: (issue) => {
        if (issue.code !== "invalid_union") return undefined;
        const branch = issue.errors[Array.isArray(issue.input) ? 1 : 0] ?? [];
        return branch[0]?.message;
      },
    })
    .optional();
}

function sdkLevel(name: string) {
  return z.coerce
    .number({ error: `${name} must be a number.` })
    .int(`${name} must be a whole number (an Android API level, e.g. 33).`)
    .min(MIN_SDK, `${name} is at least ${MIN_SDK}.`)
    .max(MAX_SDK, `${name} is at most ${MAX_SDK}.`)
    .optional();
}

/**
 * The list's search as URL parameters, shared by the page's GET form, GET /api/camera/reports and the exports.
 * Empty values mean "any", as a GET form sends them; an unknown value is refused with a message naming the
 * values there are.
 */
export const CameraReportQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(MAX_SEARCH_LENGTH, `Search text is limited to ${MAX_SEARCH_LENGTH} characters.`)
      .regex(NO_CONTROL_CHARACTERS, "Search text must not contain control characters.")
      .optional()
      .describe("Words that must each start a word of the manufacturer or model."),
    facing: z
      .enum(LENS_FACINGS, { error: `Expected one of ${LENS_FACINGS.join(", ")}.` })
      .optional()
      .describe("Some camera faces this way."),
    min_level: z
      .enum(HARDWARE_LEVELS, { error: `Expected one of ${HARDWARE_LEVELS.join(", ")}.` })
      .optional()
      .describe("Some camera has at least this hardware level (LEGACY < EXTERNAL < LIMITED < FULL < LEVEL_3)."),
    cap: oneOrMany(capability, KNOWN_CAPABILITIES.length, "capabilities").describe(
      "Repeatable: some camera has each capability.",
    ),
    mfr: oneOrMany(manufacturerName, MAX_MANUFACTURER_FILTERS, "manufacturers").describe(
      "Repeatable: one of these manufacturers, exactly.",
    ),
    model: z
      .string()
      .trim()
      .max(MAX_NAME_FILTER_LENGTH, `A model is at most ${MAX_NAME_FILTER_LENGTH} characters.`)
      .regex(NO_CONTROL_CHARACTERS, "A model must not contain control characters.")
      .optional()
      .describe("This model, exactly."),
    min_sdk: sdkLevel("min_sdk").describe("The lowest Android API level."),
    max_sdk: sdkLevel("max_sdk").describe("The highest Android API level."),
    min_mp: z.coerce
      .number({ error: "min_mp must be a number of megapixels, e.g. 12." })
      .min(0, "min_mp is at least 0.")
      .max(MAX_MEGAPIXELS_FILTER, `min_mp is at most ${MAX_MEGAPIXELS_FILTER}.`)
      .optional()
      .describe("The best camera has at least this many megapixels."),
    feature: oneOrMany(feature, REPORT_FEATURES.length, "features").describe(
      "Repeatable: some camera has each feature.",
    ),
    sort: z
      .enum(REPORT_SORTS, { error: `sort is one of ${REPORT_SORTS.join(", ")}.` })
      .optional()
      .describe("The order; ties by report id."),
    dir: z
      .enum(["asc", "desc"], { error: "dir is asc or desc." })
      .optional()
      .describe("The direction of the order; each sort has its own default."),
    group: z
      .enum(["model"], { error: "group is model (one row per manufacturer and model)." })
      .optional()
      .describe("model: one entry per manufacturer and model, in models."),
    page: z.coerce
      .number({ error: "page must be a number." })
      .int("page must be a whole number.")
      .min(1, "page starts at 1.")
      .max(MAX_PAGE, `page is at most ${MAX_PAGE}.`)
      .optional()
      .describe("The page, from 1."),
    size: z.coerce
      .number({ error: "size must be a number." })
      .int("size must be a whole number.")
      .min(1, "size is at least 1.")
      .max(MAX_PAGE_SIZE, `size is at most ${MAX_PAGE_SIZE}.`)
      .optional()
      .describe("Reports a page."),
  } satisfies Record<CameraReportParameter, z.ZodType>)
  .refine(({ page = 1, size = DEFAULT_PAGE_SIZE }) => (page - 1) * size < MAX_REACH, {
    path: ["page"],
    message: `Pages reach back ${MAX_REACH.toLocaleString("en-US")} reports: narrow the search to see older ones.`,
  })
  .refine(({ min_sdk, max_sdk }) => min_sdk === undefined || max_sdk === undefined || min_sdk <= max_sdk, {
    path: ["max_sdk"],
    message: "max_sdk must not be below min_sdk.",
  });

const listOf = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export function normalizeCameraReportQuery(parsed: z.output<typeof CameraReportQuerySchema>): CameraReportQuery {
  const caps = listOf(parsed.cap);
  const features = listOf(parsed.feature);
  const sort = parsed.sort ?? "uploaded";
  return {
    q: parsed.q ?? "",
    facing: parsed.facing ?? null,
    minLevel: parsed.min_level ?? null,
    // Sorted and unique, so that equal searches share one cache entry.
    caps: KNOWN_CAPABILITIES.filter((known) => caps.includes(known)),
    manufacturers: [...new Set(listOf(parsed.mfr).filter(Boolean))].sort(),
    model: parsed.model ?? "",
    minSdk: parsed.min_sdk ?? null,
    maxSdk: parsed.max_sdk ?? null,
    minMegapixels: parsed.min_mp ?? null,
    features: REPORT_FEATURES.filter((known) => features.includes(known)),
    sort,
    dir: parsed.dir ?? DEFAULT_SORT_DIRECTIONS[sort],
    group: parsed.group ?? null,
    page: parsed.page ?? 1,
    size: parsed.size ?? DEFAULT_PAGE_SIZE,
  };
}

// ---------------------------------------------------------------- compare

/** ?ids=a&ids=b or ?ids=a,b (or both): the report ids in order, lower case, without duplicates. */
export function reportIdList(values: string[]): string[] {
  return [
    ...new Set(
      values
        .flatMap((value) => value.split(","))
        .map((value) => value.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** The report ids to compare (reportIdList), 2 to 4 of them. */
export const CompareQuerySchema = z.object({
  ids: z
    .array(z.string())
    .transform(reportIdList)
    .pipe(
      z
        .array(z.string().refine(isReportId, "Not a report id."))
        .min(MIN_COMPARE, `Pick ${MIN_COMPARE} to ${MAX_COMPARE} reports to compare.`)
        .max(MAX_COMPARE, `Pick ${MIN_COMPARE} to ${MAX_COMPARE} reports to compare.`),
    ),
});

// ---------------------------------------------------------------- the upload's headers and answer

const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export const CameraReportUploadHeadersSchema = z.object({
  "x-api-key": z.string().optional().describe("An API key an administrator issued (any service name)."),
  "idempotency-key": z
    .string()
    .max(MAX_IDEMPOTENCY_KEY_LENGTH, `Idempotency-Key is at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`)
    .regex(/^[\x21-\x7e]+$/, "Idempotency-Key is printable ASCII without spaces.")
    .optional()
    .describe("Retrying with the same key and body returns the first report; another body answers 422."),
});

export const CameraReportCreatedSchema = z.object({ id: z.string() });

// ---------------------------------------------------------------- what the list and a report answer

export const CameraReportSummarySchema = z.object({
  id: z.string(),
  manufacturer: z.string(),
  device_model: z.string(),
  os: z.string(),
  os_ver: z.string(),
  created_at: z.string(),
  /** Beyond the list's columns: how many cameras the app saw, and the best hardware level among them. */
  camera_count: z.number().int(),
  best_level: z.string().nullable(),
  /** The Android API level (SDK), from device_os or its version; null when neither says. */
  sdk: z.number().int().nullable(),
  /** Megapixels of the camera with the most. */
  best_megapixels: z.number().nullable(),
});
export type CameraReportSummary = z.infer<typeof CameraReportSummarySchema>;

/** One manufacturer and model of the grouped list (?group=model): how many reports, and the newest of them. */
const CameraModelSummarySchema = z.object({
  manufacturer: z.string(),
  device_model: z.string(),
  report_count: z.number().int(),
  newest_id: z.string(),
  newest_at: z.string(),
});
export type CameraModelSummary = z.infer<typeof CameraModelSummarySchema>;

export const CameraReportPageSchema = z.object({
  reports: z.array(CameraReportSummarySchema),
  /** With group=model: one entry per manufacturer and model (and reports is empty); total counts models. */
  models: z.array(CameraModelSummarySchema).optional(),
  /** Matching reports; with total_is_lower_bound, at least this many. */
  total: z.number().int(),
  total_is_lower_bound: z.boolean().describe("A filtered count stops at 1,000 matches: there are at least this many."),
  page: z.number().int(),
  size: z.number().int(),
  probe_app_store_url: z.string(),
});
export type CameraReportPage = z.infer<typeof CameraReportPageSchema>;

export const CameraManufacturerCountsSchema = z.object({
  manufacturers: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type CameraManufacturerCounts = z.infer<typeof CameraManufacturerCountsSchema>;

/** The report as uploaded, with the keys the upload schema does not know. Readers check what they use. */
export const CameraReportDataSchema = z.looseObject({
  manufacturer: z.string().optional(),
  device_model: z.string().optional(),
  device_os: z.string().optional(),
  camera_list: z.array(CameraItemSchema).optional(),
});

export const CameraReportDetailSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  device_os_version: z.string(),
  report_data: CameraReportDataSchema,
});
export type CameraReportDetail = z.infer<typeof CameraReportDetailSchema>;

export const CameraReportIdParamsSchema = z.object({ id: z.string().max(64) });

export const CameraReportDownloadQuerySchema = z.object({
  rid: z.string({ error: "rid (the report id) is required." }).max(64),
});
