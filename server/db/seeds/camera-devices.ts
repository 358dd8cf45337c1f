// Realistic Android devices for demo and benchmark camera reports (docs/camera-report.md): phones old and new,
// LEGACY to LEVEL_3, logical multi-cameras with their physical cameras, an external USB camera. Sensor sizes, focal
// lengths and apertures follow the published figures of each model, rounded; the rest is typical of its generation.
import type { CameraItem, CameraReportUpload, HardwareLevel } from "#shared/contract/camera.ts";

type Facing = "BACK" | "FRONT" | "EXTERNAL";

interface CameraSpec {
  id: string;
  facing: Facing;
  level: HardwareLevel;
  /** Sensor width and height in mm, then pixel array width and height; null where the device hides it. */
  sensor: [number, number, number, number] | null;
  focal: number[];
  aperture: number[];
  /** Capabilities beyond what the hardware level implies. */
  caps?: string[];
  iso?: [number, number] | null;
  exposureNs?: [number, number] | null;
  ois?: boolean;
  flash?: boolean;
  /** Physical camera ids: this is a logical camera. */
  physical?: string[];
  /** Reachable only through this logical camera. */
  parent?: string;
  zoom?: [number, number];
  /** Frames per second of constrained high-speed video. */
  highSpeedFps?: number;
  fixedFocus?: boolean;
  colorFilter?: "RGGB" | "GRBG" | "GBRG" | "BGGR" | "MONO";
}

export interface DeviceProfile {
  manufacturer: string;
  model: string;
  android: string;
  sdk: number;
  cameras: CameraSpec[];
}

const LEVEL_CAPS: Record<HardwareLevel, string[]> = {
  LEGACY: ["BACKWARD_COMPATIBLE"],
  EXTERNAL: ["BACKWARD_COMPATIBLE"],
  LIMITED: ["BACKWARD_COMPATIBLE", "READ_SENSOR_SETTINGS"],
  FULL: ["BACKWARD_COMPATIBLE", "MANUAL_SENSOR", "MANUAL_POST_PROCESSING", "READ_SENSOR_SETTINGS", "BURST_CAPTURE"],
  LEVEL_3: [
    "BACKWARD_COMPATIBLE",
    "MANUAL_SENSOR",
    "MANUAL_POST_PROCESSING",
    "READ_SENSOR_SETTINGS",
    "BURST_CAPTURE",
    "PRIVATE_REPROCESSING",
    "YUV_REPROCESSING",
    "RAW",
  ],
};

function sizesBelow(width: number, height: number): string[] {
  const candidates: [number, number][] = [
    [width, height],
    [Math.round(width / 2 / 16) * 16, Math.round(height / 2 / 16) * 16],
    [3840, 2160],
    [1920, 1080],
    [1280, 720],
    [640, 480],
  ];
  const unique = new Map<string, [number, number]>();
  for (const [w, h] of candidates) if (w <= width && h <= height && w > 0 && h > 0) unique.set(`${w}x${h}`, [w, h]);
  return [...unique.keys()];
}

function cameraItem(spec: CameraSpec, sdk: number): CameraItem {
  const caps = [
    ...new Set([...LEVEL_CAPS[spec.level], ...(spec.caps ?? []), ...(spec.physical ? ["LOGICAL_MULTI_CAMERA"] : [])]),
  ];
  const [wmm, hmm, wpx, hpx] = spec.sensor ?? [null, null, null, null];
  const legacy = spec.level === "LEGACY" || spec.level === "EXTERNAL";
  const full = spec.level === "FULL" || spec.level === "LEVEL_3";
  const sizes = wpx && hpx ? sizesBelow(wpx, hpx) : ["1920x1080", "1280x720", "640x480"];
  const outputSizes: Record<string, string[]> = {
    JPEG: sizes,
    YUV_420_888: sizes.slice(spec.parent ? 0 : 1),
    PRIVATE: sizes.filter((s) => s !== sizes[0]),
  };
  if (caps.includes("RAW") && wpx && hpx) outputSizes.RAW_SENSOR = [`${wpx}x${hpx}`];
  if (sdk >= 33 && full && !spec.parent) outputSizes.HEIC = sizes.slice(0, 2);
  const fpsRanges: [number, number][] = legacy
    ? [
        [15, 30],
        [30, 30],
      ]
    : [
        [15, 15],
        [24, 24],
        [7, 30],
        [15, 30],
        [30, 30],
      ];
  if (!legacy && sdk >= 28) fpsRanges.push([60, 60]);
  const item: CameraItem = {
    camera_id: spec.id,
    lens_facing: spec.facing,
    hardware_level: spec.level,
    capabilities: caps,
    is_logical: Boolean(spec.physical),
    physical_camera_ids: spec.physical ?? [],
    ...(spec.parent ? { parent_logical_id: spec.parent } : {}),
    sensor_orientation: spec.facing === "FRONT" ? 270 : spec.facing === "EXTERNAL" ? 0 : 90,
    sensor: {
      physical_size_mm: wmm && hmm ? [wmm, hmm] : null,
      pixel_array: wpx && hpx ? [wpx, hpx] : null,
      iso_range: spec.iso === undefined ? (legacy ? null : [100, full ? 6400 : 3200]) : spec.iso,
      exposure_time_ns:
        spec.exposureNs === undefined
          ? legacy
            ? null
            : [20_000, full ? 1_000_000_000 : 250_000_000]
          : spec.exposureNs,
      color_filter: spec.colorFilter ?? (legacy ? null : "RGGB"),
    },
    lens: {
      focal_lengths_mm: spec.focal,
      apertures: spec.aperture,
      min_focus_diopters: spec.fixedFocus || spec.facing === "FRONT" ? 0 : 10,
      ois_modes: spec.ois ? ["OFF", "ON"] : ["OFF"],
    },
    af_modes:
      spec.fixedFocus || spec.facing === "FRONT"
        ? ["OFF"]
        : ["OFF", "AUTO", "MACRO", "CONTINUOUS_VIDEO", "CONTINUOUS_PICTURE"],
    ae_modes: spec.flash
      ? ["OFF", "ON", "ON_AUTO_FLASH", "ON_ALWAYS_FLASH", "ON_AUTO_FLASH_REDEYE"]
      : legacy
        ? ["ON"]
        : ["OFF", "ON"],
    awb_modes: legacy ? ["AUTO"] : ["OFF", "AUTO", "INCANDESCENT", "FLUORESCENT", "DAYLIGHT", "CLOUDY_DAYLIGHT"],
    ae_compensation: { range: [-12, 12], step: "1/6" },
    ae_fps_ranges: fpsRanges,
    video_stabilization_modes: legacy ? ["OFF"] : sdk >= 33 ? ["OFF", "ON", "PREVIEW_STABILIZATION"] : ["OFF", "ON"],
    flash_available: Boolean(spec.flash),
    output_sizes: outputSizes,
  };
  if (sdk >= 30) item.zoom_ratio_range = spec.zoom ?? [1, legacy ? 4 : 8];
  if (spec.highSpeedFps)
    item.high_speed_video = [
      { size: "1280x720", fps: [[spec.highSpeedFps, spec.highSpeedFps]] },
      { size: "1920x1080", fps: [[120, 120]] },
    ];
  return item;
}

export function uploadOf(
  device: DeviceProfile,
  options: { android?: string; sdk?: number; appVersion?: string } = {},
): CameraReportUpload {
  const android = options.android ?? device.android;
  const sdk = options.sdk ?? device.sdk;
  return {
    manufacturer: device.manufacturer,
    device_model: device.model,
    device_os: `Android ${android} (SDK ${sdk})`,
    device_os_version: android,
    camera_list: device.cameras.map((spec) => cameraItem(spec, sdk)),
    app_version: options.appVersion ?? "2.4.1",
  };
}

const back = (
  id: string,
  level: HardwareLevel,
  sensor: CameraSpec["sensor"],
  focal: number,
  aperture: number,
  more: Partial<CameraSpec> = {},
): CameraSpec => ({
  id,
  facing: "BACK",
  level,
  sensor,
  focal: [focal],
  aperture: [aperture],
  flash: true,
  ...more,
});
const front = (
  id: string,
  level: HardwareLevel,
  sensor: CameraSpec["sensor"],
  focal: number,
  aperture: number,
  more: Partial<CameraSpec> = {},
): CameraSpec => ({
  id,
  facing: "FRONT",
  level,
  sensor,
  focal: [focal],
  aperture: [aperture],
  ...more,
});

/** About thirty devices from fifteen manufacturers, 2013 to 2023. */
export const DEVICES: DeviceProfile[] = [
  {
    manufacturer: "Google",
    model: "Pixel 7",
    android: "13",
    sdk: 33,
    cameras: [
      back("0", "FULL", [9.8, 7.4, 4080, 3072], 6.81, 1.85, {
        physical: ["2", "3"],
        ois: true,
        caps: ["RAW", "DYNAMIC_RANGE_TEN_BIT", "STREAM_USE_CASE"],
        zoom: [0.67, 8],
        iso: [47, 11906],
      }),
      front("1", "FULL", [4.6, 3.4, 3840, 2880], 2.74, 2.2, { caps: ["RAW"] }),
      back("2", "FULL", [9.8, 7.4, 8160, 6144], 6.81, 1.85, { parent: "0", ois: true, caps: ["RAW"] }),
      back("3", "FULL", [5.0, 3.7, 4032, 3024], 2.23, 2.2, { parent: "0", fixedFocus: true, flash: false }),
    ],
  },
  {
    manufacturer: "Google",
    model: "Pixel 8 Pro",
    android: "14",
    sdk: 34,
    cameras: [
      back("0", "FULL", [9.8, 7.4, 4080, 3072], 6.9, 1.68, {
        physical: ["2", "3", "4"],
        ois: true,
        caps: ["RAW", "DYNAMIC_RANGE_TEN_BIT", "STREAM_USE_CASE", "ULTRA_HIGH_RESOLUTION_SENSOR"],
        zoom: [0.49, 30],
        highSpeedFps: 240,
      }),
      front("1", "FULL", [6.4, 4.8, 3648, 2736], 2.74, 2.2, { caps: ["RAW", "DYNAMIC_RANGE_TEN_BIT"] }),
      back("2", "FULL", [9.8, 7.4, 8160, 6144], 6.9, 1.68, { parent: "0", ois: true, caps: ["RAW"] }),
      back("3", "FULL", [6.4, 4.8, 8000, 6000], 2.2, 1.95, { parent: "0", caps: ["RAW"] }),
      back("4", "FULL", [5.6, 4.2, 8160, 6144], 18.0, 2.8, { parent: "0", ois: true, caps: ["RAW"] }),
    ],
  },
  {
    manufacturer: "Google",
    model: "Pixel 3",
    android: "12",
    sdk: 31,
    cameras: [
      back("0", "FULL", [5.64, 4.23, 4032, 3024], 4.44, 1.8, { ois: true, caps: ["RAW"], highSpeedFps: 240 }),
      front("1", "FULL", [4.54, 3.42, 3264, 2448], 3.38, 1.8, { caps: ["RAW"] }),
      front("2", "FULL", [4.54, 3.42, 3264, 2448], 2.11, 2.2, { caps: ["RAW"], fixedFocus: true }),
    ],
  },
  {
    manufacturer: "LGE",
    model: "Nexus 5",
    android: "6.0.1",
    sdk: 23,
    cameras: [
      back("0", "FULL", [4.54, 3.42, 3264, 2448], 3.97, 2.4, { ois: true, caps: ["RAW"] }),
      front("1", "LIMITED", [2.73, 1.53, 1280, 960], 1.87, 2.9),
    ],
  },
  {
    manufacturer: "samsung",
    model: "SM-S918B",
    android: "14",
    sdk: 34,
    cameras: [
      back("0", "LEVEL_3", [9.83, 7.37, 4000, 3000], 6.3, 1.7, {
        physical: ["2", "3", "4", "5"],
        ois: true,
        caps: ["DYNAMIC_RANGE_TEN_BIT", "STREAM_USE_CASE", "ULTRA_HIGH_RESOLUTION_SENSOR"],
        zoom: [0.6, 100],
        highSpeedFps: 960,
      }),
      front("1", "FULL", [5.6, 4.2, 3648, 2736], 3.6, 2.2, { caps: ["RAW"] }),
      back("2", "LEVEL_3", [9.83, 7.37, 16320, 12240], 6.3, 1.7, {
        parent: "0",
        ois: true,
        caps: ["ULTRA_HIGH_RESOLUTION_SENSOR", "REMOSAIC_REPROCESSING"],
      }),
      back("3", "FULL", [5.6, 4.2, 4000, 3000], 2.2, 2.2, { parent: "0", caps: ["RAW"] }),
      back("4", "FULL", [3.6, 2.7, 3648, 2736], 7.4, 2.4, { parent: "0", ois: true, caps: ["RAW"] }),
      back("5", "FULL", [3.6, 2.7, 3648, 2736], 24.0, 4.9, { parent: "0", ois: true, caps: ["RAW"] }),
    ],
  },
  {
    manufacturer: "samsung",
    model: "SM-G973F",
    android: "12",
    sdk: 31,
    cameras: [
      back("0", "LEVEL_3", [5.76, 4.29, 4032, 3024], 4.3, 1.5, { ois: true, aperture: [1.5, 2.4], highSpeedFps: 960 }),
      front("1", "FULL", [5.18, 3.89, 3648, 2736], 3.6, 1.9, { caps: ["RAW"] }),
      back("2", "FULL", [3.6, 2.7, 4608, 3456], 1.8, 2.2, { fixedFocus: true }),
    ],
  },
  {
    manufacturer: "samsung",
    model: "SM-A125F",
    android: "12",
    sdk: 31,
    cameras: [
      back("0", "LIMITED", [6.4, 4.8, 8000, 6000], 4.0, 2.0),
      front("1", "LIMITED", [3.0, 2.25, 3264, 2448], 2.6, 2.2),
    ],
  },
  {
    manufacturer: "samsung",
    model: "SM-J500F",
    android: "6.0.1",
    sdk: 23,
    cameras: [
      back("0", "LEGACY", [4.6, 3.5, 4128, 3096], 3.7, 1.9),
      front("1", "LEGACY", [3.6, 2.7, 2576, 1932], 2.2, 2.2),
    ],
  },
  {
    manufacturer: "samsung",
    model: "SM-G930F",
    android: "8.0.0",
    sdk: 26,
    cameras: [
      back("0", "FULL", [5.76, 4.29, 4032, 3024], 4.2, 1.7, { ois: true, caps: ["RAW"], highSpeedFps: 240 }),
      front("1", "LIMITED", [3.6, 2.7, 2592, 1944], 2.1, 1.7),
    ],
  },
  {
    manufacturer: "samsung",
    model: "SM-P610",
    android: "13",
    sdk: 33,
    cameras: [
      back("0", "LIMITED", [4.6, 3.4, 3264, 2448], 3.6, 1.9, { flash: false }),
      front("1", "LIMITED", [3.0, 2.2, 2592, 1944], 2.4, 2.0),
    ],
  },
  {
    manufacturer: "Xiaomi",
    model: "Redmi Note 7",
    android: "10",
    sdk: 29,
    cameras: [
      back("0", "LEVEL_3", [6.4, 4.8, 8000, 6000], 4.74, 1.79, {
        caps: ["CONSTRAINED_HIGH_SPEED_VIDEO"],
        colorFilter: "GBRG",
        highSpeedFps: 120,
      }),
      front("1", "FULL", [4.6, 3.5, 4656, 3496], 3.5, 2.0),
    ],
  },
  {
    manufacturer: "Xiaomi",
    model: "M2102K1G",
    android: "13",
    sdk: 33,
    cameras: [
      back("0", "LEVEL_3", [9.8, 7.4, 4080, 3072], 6.4, 1.95, {
        physical: ["2", "3", "4"],
        ois: true,
        caps: ["DYNAMIC_RANGE_TEN_BIT"],
        zoom: [0.6, 120],
        highSpeedFps: 480,
      }),
      front("1", "FULL", [4.6, 3.5, 5184, 3880], 3.6, 2.2),
      back("2", "LEVEL_3", [9.8, 7.4, 8160, 6144], 6.4, 1.95, { parent: "0", ois: true }),
      back("3", "FULL", [9.6, 7.2, 8000, 6000], 2.2, 2.2, { parent: "0" }),
      back("4", "FULL", [9.6, 7.2, 8000, 6000], 12.0, 4.1, { parent: "0", ois: true }),
    ],
  },
  {
    manufacturer: "Xiaomi",
    model: "Redmi 9A",
    android: "11",
    sdk: 30,
    cameras: [
      back("0", "LEGACY", [4.7, 3.5, 4160, 3120], 3.5, 2.2),
      front("1", "LEGACY", [2.9, 2.2, 2592, 1944], 2.1, 2.2),
    ],
  },
  {
    manufacturer: "Fairphone",
    model: "FP3",
    android: "13",
    sdk: 33,
    cameras: [
      back("0", "LEVEL_3", [5.65, 4.24, 4032, 3024], 4.38, 1.8, {
        caps: ["CONSTRAINED_HIGH_SPEED_VIDEO"],
        highSpeedFps: 120,
      }),
      front("1", "LIMITED", [3.67, 2.74, 3264, 2448], 2.6, 2.0, {
        caps: [
          "MANUAL_SENSOR",
          "MANUAL_POST_PROCESSING",
          "BURST_CAPTURE",
          "PRIVATE_REPROCESSING",
          "YUV_REPROCESSING",
          "RAW",
        ],
      }),
    ],
  },
  {
    manufacturer: "Fairphone",
    model: "FP5",
    android: "14",
    sdk: 34,
    cameras: [
      back("0", "FULL", [6.4, 4.8, 8192, 6144], 5.9, 1.88, { ois: true, caps: ["RAW", "DYNAMIC_RANGE_TEN_BIT"] }),
      front("1", "FULL", [6.4, 4.8, 8192, 6144], 3.3, 2.45),
      back("2", "FULL", [6.4, 4.8, 8192, 6144], 2.0, 2.2, { fixedFocus: true }),
    ],
  },
  {
    manufacturer: "OnePlus",
    model: "ONEPLUS A6013",
    android: "11",
    sdk: 30,
    cameras: [
      back("0", "FULL", [6.4, 4.8, 4000, 3000], 4.25, 1.7, { ois: true, caps: ["RAW"], highSpeedFps: 480 }),
      front("1", "FULL", [4.6, 3.5, 4608, 3456], 3.46, 2.0),
    ],
  },
  {
    manufacturer: "OnePlus",
    model: "CPH2449",
    android: "14",
    sdk: 34,
    cameras: [
      back("0", "LEVEL_3", [9.8, 7.4, 4096, 3072], 6.9, 1.8, {
        physical: ["2", "3", "4"],
        ois: true,
        caps: ["DYNAMIC_RANGE_TEN_BIT", "STREAM_USE_CASE"],
        zoom: [0.6, 20],
        highSpeedFps: 240,
      }),
      front("1", "FULL", [4.6, 3.5, 3264, 2448], 3.0, 2.4),
      back("2", "LEVEL_3", [9.8, 7.4, 8192, 6144], 6.9, 1.8, { parent: "0", ois: true }),
      back("3", "FULL", [6.4, 4.8, 8000, 6000], 2.0, 2.2, { parent: "0" }),
      back("4", "FULL", [4.6, 3.5, 3264, 2448], 5.6, 2.0, { parent: "0" }),
    ],
  },
  {
    manufacturer: "Sony",
    model: "XQ-DQ72",
    android: "14",
    sdk: 34,
    cameras: [
      back("0", "LEVEL_3", [9.9, 7.4, 4032, 3024], 5.2, 1.9, {
        ois: true,
        caps: ["DYNAMIC_RANGE_TEN_BIT", "CONSTRAINED_HIGH_SPEED_VIDEO"],
        highSpeedFps: 120,
      }),
      front("1", "FULL", [4.6, 3.5, 4032, 3024], 2.8, 2.0),
      back("2", "FULL", [5.6, 4.2, 4032, 3024], 2.0, 2.2),
      back("3", "FULL", [3.9, 2.9, 4032, 3024], 10.2, 2.3, { ois: true, focal: [10.2, 16.3], aperture: [2.3, 2.8] }),
    ],
  },
  {
    manufacturer: "Sony",
    model: "G8341",
    android: "9",
    sdk: 28,
    cameras: [
      back("0", "FULL", [6.17, 4.55, 5056, 3792], 4.4, 2.0, { caps: ["RAW"], highSpeedFps: 960 }),
      front("1", "LIMITED", [3.6, 2.7, 3264, 2448], 2.3, 2.0),
    ],
  },
  {
    manufacturer: "motorola",
    model: "moto g(7) plus",
    android: "10",
    sdk: 29,
    cameras: [
      back("0", "LIMITED", [5.64, 4.23, 4000, 3000], 4.2, 1.7, { ois: true }),
      front("1", "LIMITED", [3.7, 2.8, 3264, 2448], 2.9, 2.0),
      back("2", "LIMITED", [3.0, 2.2, 2592, 1944], 3.1, 2.2, { caps: ["DEPTH_OUTPUT"] }),
    ],
  },
  {
    manufacturer: "motorola",
    model: "motorola edge 40",
    android: "14",
    sdk: 34,
    cameras: [
      back("0", "FULL", [7.4, 5.6, 4096, 3072], 5.8, 1.4, {
        physical: ["2", "3"],
        ois: true,
        caps: ["RAW", "DYNAMIC_RANGE_TEN_BIT"],
        zoom: [0.5, 8],
      }),
      front("1", "LIMITED", [6.4, 4.8, 6528, 4896], 3.3, 2.4),
      back("2", "FULL", [7.4, 5.6, 8192, 6144], 5.8, 1.4, { parent: "0", ois: true }),
      back("3", "FULL", [4.6, 3.5, 4096, 3072], 1.9, 2.2, { parent: "0" }),
    ],
  },
  {
    manufacturer: "HMD Global",
    model: "Nokia 7.2",
    android: "11",
    sdk: 30,
    cameras: [
      back("0", "LIMITED", [6.4, 4.8, 9248, 6936], 4.7, 1.79),
      front("1", "LIMITED", [3.9, 2.9, 5184, 3880], 3.3, 2.0),
      back("2", "LIMITED", [3.2, 2.4, 4000, 3000], 1.7, 2.2, { fixedFocus: true }),
    ],
  },
  {
    manufacturer: "HMD Global",
    model: "Nokia 3.1",
    android: "10",
    sdk: 29,
    cameras: [
      back("0", "LEGACY", [4.7, 3.5, 4160, 3120], 3.5, 2.0),
      front("1", "LEGACY", [3.6, 2.7, 3264, 2448], 2.2, 2.2, { fixedFocus: true }),
    ],
  },
  {
    manufacturer: "HUAWEI",
    model: "CLT-L29",
    android: "10",
    sdk: 29,
    cameras: [
      back("0", "LIMITED", [7.3, 5.5, 7296, 5472], 5.58, 1.8, { physical: ["2", "3"], zoom: [1, 10] }),
      front("1", "LIMITED", [5.6, 4.2, 7296, 5472], 3.4, 2.0),
      back("2", "LIMITED", [7.3, 5.5, 7296, 5472], 5.58, 1.8, { parent: "0" }),
      back("3", "LIMITED", [5.1, 3.8, 3648, 2736], 7.6, 2.4, { parent: "0", ois: true }),
    ],
  },
  {
    manufacturer: "HUAWEI",
    model: "LYA-L29",
    android: "10",
    sdk: 29,
    cameras: [
      back("0", "FULL", [7.3, 5.5, 7296, 5472], 5.6, 1.8, { caps: ["RAW"] }),
      front("1", "LIMITED", [5.6, 4.2, 7296, 5472], 3.4, 2.0),
      back("2", "FULL", [5.6, 4.2, 5120, 3840], 2.7, 2.2, { caps: ["RAW"] }),
    ],
  },
  {
    manufacturer: "OPPO",
    model: "CPH2305",
    android: "13",
    sdk: 33,
    cameras: [
      back("0", "LEVEL_3", [9.6, 7.2, 4096, 3072], 6.1, 1.7, {
        physical: ["2", "3", "4"],
        ois: true,
        caps: ["DYNAMIC_RANGE_TEN_BIT", "STREAM_USE_CASE"],
        zoom: [0.6, 20],
      }),
      front("1", "FULL", [4.6, 3.5, 6528, 4896], 3.0, 2.4),
      back("2", "LEVEL_3", [9.6, 7.2, 8192, 6144], 6.1, 1.7, { parent: "0", ois: true }),
      back("3", "FULL", [9.6, 7.2, 8192, 6144], 1.9, 2.2, { parent: "0" }),
      back("4", "FULL", [4.0, 3.0, 3264, 2448], 9.0, 2.4, { parent: "0", ois: true }),
    ],
  },
  {
    manufacturer: "asus",
    model: "ASUS_I006D",
    android: "13",
    sdk: 33,
    cameras: [
      back("0", "LEVEL_3", [7.4, 5.6, 4000, 3000], 6.0, 1.9, { caps: ["DYNAMIC_RANGE_TEN_BIT"], highSpeedFps: 240 }),
      front("1", "FULL", [6.0, 4.5, 3264, 2448], 3.6, 2.45),
      back("2", "FULL", [6.4, 4.8, 3264, 2448], 2.1, 2.2),
    ],
  },
  {
    manufacturer: "LGE",
    model: "LG-H870",
    android: "9",
    sdk: 28,
    cameras: [
      back("0", "FULL", [4.9, 3.7, 4160, 3120], 4.1, 1.8, { ois: true, caps: ["RAW"] }),
      front("1", "LEGACY", [3.6, 2.7, 2592, 1944], 2.3, 2.2, { fixedFocus: true }),
      back("2", "LIMITED", [4.9, 3.7, 4160, 3120], 1.9, 2.4, { fixedFocus: true }),
    ],
  },
  {
    manufacturer: "vivo",
    model: "V2219",
    android: "13",
    sdk: 33,
    cameras: [
      back("0", "LEVEL_3", [13.2, 8.8, 4096, 3072], 8.7, 1.75, {
        physical: ["2", "3", "4"],
        ois: true,
        caps: ["DYNAMIC_RANGE_TEN_BIT", "STREAM_USE_CASE"],
        zoom: [0.6, 100],
      }),
      front("1", "FULL", [4.6, 3.5, 6528, 4896], 3.0, 2.45),
      back("2", "LEVEL_3", [13.2, 8.8, 8192, 6144], 8.7, 1.75, { parent: "0", ois: true }),
      back("3", "FULL", [4.6, 3.5, 8000, 6000], 2.2, 2.0, { parent: "0" }),
      back("4", "FULL", [6.4, 4.8, 8000, 6000], 15.0, 2.5, { parent: "0", ois: true }),
    ],
  },
  {
    manufacturer: "Nothing",
    model: "A063",
    android: "13",
    sdk: 33,
    cameras: [
      back("0", "FULL", [7.4, 5.6, 4096, 3072], 5.7, 1.88, {
        physical: ["2", "3"],
        ois: true,
        caps: ["RAW"],
        zoom: [0.6, 20],
      }),
      front("1", "LIMITED", [3.9, 2.9, 4032, 3024], 3.1, 2.45),
      back("2", "FULL", [7.4, 5.6, 8192, 6144], 5.7, 1.88, { parent: "0", ois: true }),
      back("3", "FULL", [6.4, 4.8, 8192, 6144], 2.0, 2.2, { parent: "0" }),
    ],
  },
  {
    manufacturer: "NVIDIA",
    model: "SHIELD Android TV",
    android: "11",
    sdk: 30,
    cameras: [
      {
        id: "100",
        facing: "EXTERNAL",
        level: "EXTERNAL",
        sensor: null,
        focal: [3.6],
        aperture: [2.0],
        iso: null,
        exposureNs: null,
        fixedFocus: true,
      },
    ],
  },
  {
    manufacturer: "Nokia",
    model: "TA-1054",
    android: "9",
    sdk: 28,
    cameras: [
      back("0", "LEGACY", [4.7, 3.5, 4208, 3120], 3.5, 2.0),
      front("1", "LEGACY", [3.2, 2.4, 2592, 1944], 2.2, 2.2, { fixedFocus: true }),
    ],
  },
];
