// The camera report vocabulary and limits, and the list search as URL parameters: no zod here, so pages that only
// show reports do not load the validation library (the schemas in ./camera.ts build on these).
export const LENS_FACINGS = ["FRONT", "BACK", "EXTERNAL"] as const;
type LensFacing = (typeof LENS_FACINGS)[number];

/** Real capability order, lowest first; the integers Android uses are not in this order. */
export const HARDWARE_LEVELS = ["LEGACY", "EXTERNAL", "LIMITED", "FULL", "LEVEL_3"] as const;
export type HardwareLevel = (typeof HARDWARE_LEVELS)[number];

/** The capabilities the list can filter on: the ones people choose a phone for. */
export const FILTER_CAPABILITIES = ["RAW", "MANUAL_SENSOR", "LOGICAL_MULTI_CAMERA", "DYNAMIC_RANGE_TEN_BIT"] as const;

/** Every REQUEST_AVAILABLE_CAPABILITIES name docs/camera-report.md lists: the list filters on any of them. */
export const KNOWN_CAPABILITIES = [
  "BACKWARD_COMPATIBLE",
  "MANUAL_SENSOR",
  "MANUAL_POST_PROCESSING",
  "RAW",
  "PRIVATE_REPROCESSING",
  "READ_SENSOR_SETTINGS",
  "BURST_CAPTURE",
  "YUV_REPROCESSING",
  "DEPTH_OUTPUT",
  "CONSTRAINED_HIGH_SPEED_VIDEO",
  "MOTION_TRACKING",
  "LOGICAL_MULTI_CAMERA",
  "MONOCHROME",
  "SECURE_IMAGE_DATA",
  "SYSTEM_CAMERA",
  "OFFLINE_PROCESSING",
  "ULTRA_HIGH_RESOLUTION_SENSOR",
  "REMOSAIC_REPROCESSING",
  "DYNAMIC_RANGE_TEN_BIT",
  "STREAM_USE_CASE",
  "COLOR_SPACE_PROFILES",
] as const;
export type KnownCapability = (typeof KNOWN_CAPABILITIES)[number];

/**
 * What people pick a phone's camera for, derived from a report at upload (shared/camera.ts reportFeatures) and
 * stored with it: some camera has RAW output, records 4K, runs at 60 fps, has high-speed video or optical
 * stabilisation, or is a logical multi-camera.
 */
export const REPORT_FEATURES = ["raw", "4k", "60fps", "high_speed", "ois", "logical_multi_camera"] as const;
export type ReportFeature = (typeof REPORT_FEATURES)[number];

/** The list's sortable columns; each sorts with the report id as the tie-break, so pages never overlap. */
export const REPORT_SORTS = ["uploaded", "device", "manufacturer", "cameras", "level", "android"] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export type SortDirection = "asc" | "desc";
/** Names sort A to Z first, figures and times largest first. */
export const DEFAULT_SORT_DIRECTIONS: Record<ReportSort, SortDirection> = {
  uploaded: "desc",
  device: "asc",
  manufacturer: "asc",
  cameras: "desc",
  level: "desc",
  android: "desc",
};
export const PAGE_SIZES = [25, 50, 100] as const;
export const MAX_MANUFACTURER_FILTERS = 10;
export const MAX_NAME_FILTER_LENGTH = 100;
/** Android API levels the SDK range accepts: 1 (Android 1.0) up to well past today's. */
export const MIN_SDK = 1;
export const MAX_SDK = 99;
export const MAX_MEGAPIXELS_FILTER = 1_000;

export const MAX_CAMERAS_PER_REPORT = 64;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_PAGE = 10_000;
/** How far back paging reaches: counting and skipping more matches costs more than a search does. */
export const MAX_REACH = 10_000;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;
export const MIN_COMPARE = 2;
export const MAX_COMPARE = 4;

export interface CameraReportQuery {
  q: string;
  facing: LensFacing | null;
  minLevel: HardwareLevel | null;
  /** Capabilities some camera has, each of them; in KNOWN_CAPABILITIES order. */
  caps: KnownCapability[];
  /** Exact manufacturer names, any of them. */
  manufacturers: string[];
  /** Exact model name (with manufacturers, one model's reports). */
  model: string;
  minSdk: number | null;
  maxSdk: number | null;
  /** The best camera's megapixels, at least. */
  minMegapixels: number | null;
  /** Features some camera has, each of them; in REPORT_FEATURES order. */
  features: ReportFeature[];
  sort: ReportSort;
  dir: SortDirection;
  /** "model": one row per manufacturer and model instead of one per report. */
  group: "model" | null;
  page: number;
  size: number;
}

/**
 * The list's URL parameters and the field of CameraReportQuery each one sets: the one place their names are written.
 * CameraReportQuerySchema must parse exactly these (its shape is checked against this table), the page keeps
 * exactly these from its URL, and cameraReportSearchParams writes them in this order.
 */
export const CAMERA_REPORT_PARAMETERS = {
  q: "q",
  facing: "facing",
  min_level: "minLevel",
  cap: "caps",
  mfr: "manufacturers",
  model: "model",
  min_sdk: "minSdk",
  max_sdk: "maxSdk",
  min_mp: "minMegapixels",
  feature: "features",
  group: "group",
  sort: "sort",
  dir: "dir",
  page: "page",
  size: "size",
} as const satisfies Record<string, keyof CameraReportQuery>;

export type CameraReportParameter = keyof typeof CAMERA_REPORT_PARAMETERS;

// Every field of the query has its parameter: a field added without one fails to compile here.
type FieldWithoutParameter = Exclude<keyof CameraReportQuery, (typeof CAMERA_REPORT_PARAMETERS)[CameraReportParameter]>;
const everyFieldHasAParameter: [FieldWithoutParameter] extends [never] ? true : FieldWithoutParameter = true;
void everyFieldHasAParameter;

/** The list's URL parameters, in the order cameraReportSearchParams writes them. */
export const CAMERA_REPORT_PARAMETER_NAMES = Object.keys(CAMERA_REPORT_PARAMETERS) as CameraReportParameter[];

/** The search that matches every report, newest first: what the optional fields of a partial query default to. */
export const EMPTY_CAMERA_REPORT_QUERY: CameraReportQuery = {
  q: "",
  facing: null,
  minLevel: null,
  caps: [],
  manufacturers: [],
  model: "",
  minSdk: null,
  maxSdk: null,
  minMegapixels: null,
  features: [],
  sort: "uploaded",
  dir: "desc",
  group: null,
  page: 1,
  size: DEFAULT_PAGE_SIZE,
};

/** Whether the search narrows the reports (sorting, grouping and paging do not). */
export function isFilteredQuery(query: Partial<CameraReportQuery>): boolean {
  return Boolean(
    query.q ||
    query.facing ||
    query.minLevel ||
    query.caps?.length ||
    query.manufacturers?.length ||
    query.model ||
    query.minSdk != null ||
    query.maxSdk != null ||
    query.minMegapixels != null ||
    query.features?.length,
  );
}

/**
 * URL search parameters of a search, in a fixed order and without empty or default values: the page's links, the
 * API call and the cache key all use this form.
 */
export function cameraReportSearchParams(query: Partial<CameraReportQuery>): URLSearchParams {
  const params = new URLSearchParams();
  const sort = query.sort ?? EMPTY_CAMERA_REPORT_QUERY.sort;
  for (const [name, field] of Object.entries(CAMERA_REPORT_PARAMETERS)) {
    const value: unknown = query[field];
    // The direction's default depends on the sort; every other default is the empty query's.
    const fallback = field === "dir" ? DEFAULT_SORT_DIRECTIONS[sort] : EMPTY_CAMERA_REPORT_QUERY[field];
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else if (value != null && value !== "" && value !== fallback) params.set(name, String(value));
  }
  return params;
}

/** The raw parameters of a URL as the query schema reads them: repeated keys become lists, empty values vanish. */
export function searchParamsToQueryInput(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).filter((value) => value !== "");
    if (values.length === 1) input[key] = values[0]!;
    else if (values.length > 1) input[key] = values;
  }
  return input;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isReportId(value: string): boolean {
  return UUID.test(value);
}
