// The camera report vocabulary and limits, and the list search as URL parameters: no zod here, so pages that only
// show reports do not load the validation library (the schemas in ./camera.ts build on these).
export const LENS_FACINGS = ["FRONT", "BACK", "EXTERNAL"] as const;
export type LensFacing = (typeof LENS_FACINGS)[number];

/** Real capability order, lowest first; the integers Android uses are not in this order. */
export const HARDWARE_LEVELS = ["LEGACY", "EXTERNAL", "LIMITED", "FULL", "LEVEL_3"] as const;
export type HardwareLevel = (typeof HARDWARE_LEVELS)[number];

/** The capabilities the list can filter on: the ones people choose a phone for. */
export const FILTER_CAPABILITIES = ["RAW", "MANUAL_SENSOR", "LOGICAL_MULTI_CAMERA", "DYNAMIC_RANGE_TEN_BIT"] as const;
export type FilterCapability = (typeof FILTER_CAPABILITIES)[number];

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
  caps: FilterCapability[];
  page: number;
  size: number;
}

/**
 * URL search parameters of a search, in a fixed order and without empty or default values: the page's links, the
 * API call and the cache key all use this form.
 */
export function cameraReportSearchParams(query: Partial<CameraReportQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.facing) params.set("facing", query.facing);
  if (query.minLevel) params.set("min_level", query.minLevel);
  for (const cap of query.caps ?? []) params.append("cap", cap);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.size && query.size !== DEFAULT_PAGE_SIZE) params.set("size", String(query.size));
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
