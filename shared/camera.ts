// Figures derived from a camera report (docs/camera-report.md): what a reader wants to know but the Camera2 keys
// do not say directly. Shared by the pages and by /api, which stores some of them for filtering.
import type { CameraItem } from "./contract/camera";
import { HARDWARE_LEVELS, type HardwareLevel, type ReportFeature } from "./contract/camera-vocabulary";

/** Diagonal of a 36 × 24 mm frame: the reference of "35 mm equivalent" figures. */
const FULL_FRAME_DIAGONAL_MM = 43.27;
/** Sensor "type" designations (1/1.3", 1") follow the old vidicon tubes: 1 inch of type ≈ 16 mm of diagonal. */
const MM_PER_INCH_TYPE = 16;

type Pair = readonly [number, number] | null | undefined;

/** LEGACY 0 < EXTERNAL 1 < LIMITED 2 < FULL 3 < LEVEL_3 4; -1 for a missing or unknown level. */
export function hardwareLevelRank(level: string | null | undefined): number {
  return level ? HARDWARE_LEVELS.indexOf(level as HardwareLevel) : -1;
}

export function hardwareLevelOfRank(rank: number): HardwareLevel | null {
  return HARDWARE_LEVELS[rank] ?? null;
}

/** The best hardware level among the cameras, by real order. */
export function bestHardwareLevel(cameras: readonly Pick<CameraItem, "hardware_level">[]): HardwareLevel | null {
  return hardwareLevelOfRank(Math.max(-1, ...cameras.map((camera) => hardwareLevelRank(camera.hardware_level))));
}

/** "4000x3000" → [4000, 3000]. */
function parseSize(size: string | null | undefined): [number, number] | null {
  const match = /^(\d+)x(\d+)$/.exec(size ?? "");
  return match ? [Number(match[1]), Number(match[2])] : null;
}

function valid(pair: Pair): pair is readonly [number, number] {
  return (
    Array.isArray(pair) && pair.length === 2 && pair.every((n) => typeof n === "number" && Number.isFinite(n) && n > 0)
  );
}

export function megapixels(pixelArray: Pair): number | null {
  return valid(pixelArray) ? (pixelArray[0] * pixelArray[1]) / 1e6 : null;
}

/** Width of one pixel in µm: the physical size covers the whole pixel array. */
export function pixelPitchUm(physicalSizeMm: Pair, pixelArray: Pair): number | null {
  if (!valid(physicalSizeMm) || !valid(pixelArray)) return null;
  return (physicalSizeMm[0] * 1000) / pixelArray[0];
}

export function sensorDiagonalMm(physicalSizeMm: Pair): number | null {
  return valid(physicalSizeMm) ? Math.hypot(physicalSizeMm[0], physicalSizeMm[1]) : null;
}

/** The marketing "type" of a sensor, e.g. 1/1.31" for a 12.2 mm diagonal. */
export function opticalFormat(physicalSizeMm: Pair): string | null {
  const diagonal = sensorDiagonalMm(physicalSizeMm);
  if (!diagonal) return null;
  const inches = diagonal / MM_PER_INCH_TYPE;
  // Within 5 % of a whole inch the fraction reads oddly (1/1.01"): call it by the inch, as makers do.
  return 1 / inches < 1.05 ? `${formatNumber(inches, 1)}"` : `1/${formatNumber(1 / inches, 2)}"`;
}

export function cropFactor(physicalSizeMm: Pair): number | null {
  const diagonal = sensorDiagonalMm(physicalSizeMm);
  return diagonal ? FULL_FRAME_DIAGONAL_MM / diagonal : null;
}

/** Focal length × 43.27 / sensor diagonal. */
export function equivalentFocalLengthMm(focalLengthMm: number | null | undefined, physicalSizeMm: Pair): number | null {
  const crop = cropFactor(physicalSizeMm);
  if (!crop || !focalLengthMm || focalLengthMm <= 0) return null;
  return focalLengthMm * crop;
}

/** Diagonal field of view in degrees: 2·atan(diagonal / 2f). */
export function diagonalFieldOfViewDeg(focalLengthMm: number | null | undefined, physicalSizeMm: Pair): number | null {
  const diagonal = sensorDiagonalMm(physicalSizeMm);
  if (!diagonal || !focalLengthMm || focalLengthMm <= 0) return null;
  return (2 * Math.atan(diagonal / (2 * focalLengthMm)) * 180) / Math.PI;
}

/** A camera's headline figures, null where the report does not say. */
export interface CameraFigures {
  megapixels: number | null;
  pixelPitchUm: number | null;
  opticalFormat: string | null;
  cropFactor: number | null;
  focalLengths: { mm: number; equivalentMm: number | null; fovDeg: number | null }[];
}

export function cameraFigures(camera: CameraItem): CameraFigures {
  const physical = camera.sensor?.physical_size_mm;
  const pixels = camera.sensor?.pixel_array;
  return {
    megapixels: megapixels(pixels),
    pixelPitchUm: pixelPitchUm(physical, pixels),
    opticalFormat: opticalFormat(physical),
    cropFactor: cropFactor(physical),
    focalLengths: (camera.lens?.focal_lengths_mm ?? []).map((mm) => ({
      mm,
      equivalentMm: equivalentFocalLengthMm(mm, physical),
      fovDeg: diagonalFieldOfViewDeg(mm, physical),
    })),
  };
}

/** A camera the app can open directly: not a physical camera reachable only through its logical parent. */
export function isStandaloneCamera(camera: Pick<CameraItem, "parent_logical_id">): boolean {
  return !camera.parent_logical_id;
}

/** The camera an app gets by default for a facing: the first stand-alone one (camera ids list it first). */
export function mainCamera(cameras: readonly CameraItem[], facing: string): CameraItem | null {
  return (
    cameras.find((camera) => camera.lens_facing === facing && isStandaloneCamera(camera)) ??
    cameras.find((c) => c.lens_facing === facing) ??
    null
  );
}

/** Every capability any camera of the report has, unique, in first-seen order. */
export function reportCapabilities(cameras: readonly Pick<CameraItem, "capabilities">[]): string[] {
  return [...new Set(cameras.flatMap((camera) => camera.capabilities ?? []))];
}

export function reportFacings(cameras: readonly Pick<CameraItem, "lens_facing">[]): string[] {
  return [...new Set(cameras.map((camera) => camera.lens_facing))];
}

function hasCapability(camera: Pick<CameraItem, "capabilities">, capability: string): boolean {
  return (camera.capabilities ?? []).includes(capability);
}

/** Largest output size of a format, by pixel count. */
export function largestOutputSize(camera: CameraItem, format: string): [number, number] | null {
  let best: [number, number] | null = null;
  for (const size of camera.output_sizes?.[format] ?? []) {
    const parsed = parseSize(size);
    if (parsed && (!best || parsed[0] * parsed[1] > best[0] * best[1])) best = parsed;
  }
  return best;
}

export function maxFps(camera: CameraItem): number | null {
  const values = (camera.ae_fps_ranges ?? []).map((range) => range[1]).filter((n) => Number.isFinite(n));
  return values.length ? Math.max(...values) : null;
}

export function maxHighSpeedFps(camera: CameraItem): number | null {
  const values = (camera.high_speed_video ?? []).flatMap((entry) => entry.fps.map((range) => range[1]));
  return values.length ? Math.max(...values) : null;
}

/** The largest pixel array among the cameras, in megapixels (one decimal is what lists show); null for none. */
export function bestMegapixels(cameras: readonly CameraItem[]): number | null {
  const values = cameras.map((camera) => megapixels(camera.sensor?.pixel_array)).filter((mp) => mp !== null);
  return values.length ? Math.round(Math.max(...values) * 100) / 100 : null;
}

/** A side longer than this is a malformed report, not a sensor (the largest camera sensors are about 54 mm wide). */
const MAX_SENSOR_SIDE_MM = 1_000;

/** The diagonal of the largest sensor among the cameras, in mm; null for none. */
export function largestSensorDiagonalMm(cameras: readonly CameraItem[]): number | null {
  const values = cameras
    .map((camera) => camera.sensor?.physical_size_mm)
    .filter((size) => valid(size) && size[0] <= MAX_SENSOR_SIDE_MM && size[1] <= MAX_SENSOR_SIDE_MM)
    .map((size) => sensorDiagonalMm(size)!);
  return values.length ? Math.max(...values) : null;
}

/** Sizes a video encoder records from: the PRIVATE and YUV streams (JPEG and RAW are stills). */
const VIDEO_FORMATS = ["PRIVATE", "YUV_420_888"];

/** Records UHD 4K: a 3840×2160 or wider 2160-line stream in a video format. */
function records4k(camera: CameraItem): boolean {
  return VIDEO_FORMATS.some((format) =>
    (camera.output_sizes?.[format] ?? []).some((size) => {
      const parsed = parseSize(size);
      return parsed !== null && parsed[0] >= 3840 && parsed[1] === 2160;
    }),
  );
}

/**
 * The features the list filters on that some camera of the report has, in REPORT_FEATURES order. Stored with the
 * report at upload (camera_reports.features); the migration that added the column computes the same in SQL.
 */
export function reportFeatures(cameras: readonly CameraItem[]): ReportFeature[] {
  const has = (test: (camera: CameraItem) => boolean) => cameras.some(test);
  const features: ReportFeature[] = [];
  if (has((c) => hasCapability(c, "RAW") || (c.output_sizes?.RAW_SENSOR?.length ?? 0) > 0)) features.push("raw");
  if (has(records4k)) features.push("4k");
  if (has((c) => (maxFps(c) ?? 0) >= 60)) features.push("60fps");
  if (has((c) => (c.high_speed_video?.length ?? 0) > 0 || hasCapability(c, "CONSTRAINED_HIGH_SPEED_VIDEO"))) {
    features.push("high_speed");
  }
  if (has((c) => (c.lens?.ois_modes ?? []).includes("ON"))) features.push("ois");
  if (has((c) => c.is_logical === true || hasCapability(c, "LOGICAL_MULTI_CAMERA"))) {
    features.push("logical_multi_camera");
  }
  return features;
}

/** Android version (major.minor) → API level, for reports whose device_os does not name the SDK. */
const SDK_OF_VERSION: Record<string, number> = {
  "4.4": 19,
  "5.0": 21,
  "5.1": 22,
  "6.0": 23,
  "7.0": 24,
  "7.1": 25,
  "8.0": 26,
  "8.1": 27,
  "9.0": 28,
  "10.0": 29,
  "11.0": 30,
  "12.0": 31,
  "12.1": 32,
  "13.0": 33,
  "14.0": 34,
  "15.0": 35,
  "16.0": 36,
};

/** The API level: "(SDK 33)" or "API 33" in device_os, else looked up from the version ("8.1.0" → 27). */
export function sdkOf(deviceOs: string, osVersion: string): number | null {
  const named = /\b(?:SDK|API)[\s:_-]*(\d{1,2})\b/i.exec(deviceOs);
  if (named) return Number(named[1]);
  const version = /^(\d{1,2})(?:\.(\d{1,2}))?/.exec(osVersion.trim());
  if (!version) return null;
  return SDK_OF_VERSION[`${Number(version[1])}.${Number(version[2] ?? 0)}`] ?? null;
}

// ---------------------------------------------------------------- formatting

// Written out for the common case rather than with Intl.NumberFormat, whose format() was a few percent of a report
// page's render (a report lists hundreds of numbers); Intl still formats what the short path does not cover.
const numberFormats = new Map<number, Intl.NumberFormat>();

function formatNumberWithIntl(value: number, digits: number): string {
  let format = numberFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { maximumFractionDigits: digits });
    numberFormats.set(digits, format);
  }
  return format.format(value);
}

/** "1234567" → "1,234,567" (en-US grouping). */
function groupThousands(integer: string): string {
  let grouped = integer.slice(0, integer.length % 3 || 3);
  for (let at = grouped.length; at < integer.length; at += 3) grouped += `,${integer.slice(at, at + 3)}`;
  return grouped;
}

/** At most `digits` decimals, without trailing zeros, grouped as en-US: 1.50 → "1.5", 2.00 → "2", 11906 → "11,906". */
export function formatNumber(value: number, digits = 1): string {
  const rounded = Number(value.toFixed(digits));
  // Where toFixed does not write what Intl would (NaN, infinities, 1e21 and over, -0, odd decimal counts), Intl does.
  const plain = Math.abs(rounded) < 1e21 && !Object.is(rounded, -0) && Number.isInteger(digits) && digits <= 20;
  if (!plain) return formatNumberWithIntl(rounded, digits);
  const fixed = Math.abs(rounded).toFixed(digits);
  const point = fixed.indexOf(".");
  const integer = point === -1 ? fixed : fixed.slice(0, point);
  const fraction = point === -1 ? "" : fixed.slice(point + 1).replace(/0+$/, "");
  return `${rounded < 0 ? "-" : ""}${groupThousands(integer)}${fraction ? `.${fraction}` : ""}`;
}

/** 13611 ns → "1/73,470 s"; 32e9 ns → "32 s". Photographers read short exposures as fractions. */
export function formatExposureNs(ns: number): string {
  const seconds = ns / 1e9;
  if (seconds >= 1) return `${formatNumber(seconds, 1)} s`;
  if (seconds <= 0) return "0 s";
  const denominator = 1 / seconds;
  return `1/${formatNumber(denominator, denominator >= 10 ? 0 : 1)} s`;
}

export function formatRange(
  range: Pair | readonly [number, number],
  format: (n: number) => string = (n) => formatNumber(n, 2),
): string | null {
  if (!Array.isArray(range) || range.length !== 2) return null;
  const [low, high] = range as readonly [number, number];
  return low === high ? format(low) : `${format(low)} – ${format(high)}`;
}

/** "Android 13 (SDK 33)" → "13"; "Android 8.1.0" → "8.1.0"; anything else as given. */
export function osVersionOf(deviceOs: string): string {
  const match = /(\d+(?:\.\d+)*)/.exec(deviceOs);
  return match?.[1] ?? deviceOs.trim();
}

// ---------------------------------------------------------------- labels

const FACING_LABELS: Record<string, string> = { BACK: "Back", FRONT: "Front", EXTERNAL: "External" };

export const CAPABILITY_LABELS: Record<string, string> = {
  RAW: "RAW",
  MANUAL_SENSOR: "Manual sensor",
  LOGICAL_MULTI_CAMERA: "Logical multi-camera",
  DYNAMIC_RANGE_TEN_BIT: "10-bit HDR",
};

export const FEATURE_LABELS: Record<ReportFeature, string> = {
  raw: "RAW photos",
  "4k": "4K video",
  "60fps": "60 fps",
  high_speed: "High-speed video",
  ois: "Optical stabilisation (OIS)",
  logical_multi_camera: "Several lenses as one camera",
};

export function facingLabel(facing: string | null | undefined): string {
  return (facing && FACING_LABELS[facing]) || facing || "—";
}
