import { describe, expect, it } from "vitest";
import type { CameraItem } from "./contract/camera";
import {
  bestHardwareLevel,
  cameraFigures,
  cropFactor,
  diagonalFieldOfViewDeg,
  equivalentFocalLengthMm,
  formatExposureNs,
  formatNumber,
  formatRange,
  hardwareLevelRank,
  largestOutputSize,
  mainCamera,
  megapixels,
  opticalFormat,
  osVersionOf,
  pixelPitchUm,
  reportCapabilities,
  sensorDiagonalMm,
} from "./camera";

const camera = (more: Partial<CameraItem>): CameraItem => ({
  camera_id: "0",
  lens_facing: "BACK",
  hardware_level: "FULL",
  capabilities: [],
  ...more,
});

describe("hardware levels", () => {
  it("ranks by real order, not by Android's integers", () => {
    expect(["LEGACY", "EXTERNAL", "LIMITED", "FULL", "LEVEL_3"].map(hardwareLevelRank)).toEqual([0, 1, 2, 3, 4]);
    expect(hardwareLevelRank("UNKNOWN_9")).toBe(-1);
    expect(hardwareLevelRank(null)).toBe(-1);
  });

  it("picks the best level of a report; EXTERNAL is below LIMITED", () => {
    expect(bestHardwareLevel([{ hardware_level: "EXTERNAL" }, { hardware_level: "LIMITED" }])).toBe("LIMITED");
    expect(bestHardwareLevel([{ hardware_level: "LEVEL_3" }, { hardware_level: "FULL" }])).toBe("LEVEL_3");
    expect(bestHardwareLevel([{ hardware_level: "UNKNOWN_5" }])).toBeNull();
    expect(bestHardwareLevel([])).toBeNull();
  });
});

describe("derived figures", () => {
  // The Pixel 7 main camera of docs/camera-report.md.
  const size = [9.8, 7.4] as const;
  const pixels = [4080, 3072] as const;

  it("megapixels and pixel pitch", () => {
    expect(megapixels(pixels)).toBeCloseTo(12.53, 2);
    expect(pixelPitchUm(size, pixels)).toBeCloseTo(2.402, 3);
    expect(megapixels(null)).toBeNull();
    expect(pixelPitchUm(size, null)).toBeNull();
    expect(pixelPitchUm([0, 0], pixels)).toBeNull();
  });

  it("35 mm equivalent focal length, crop factor and field of view", () => {
    expect(sensorDiagonalMm(size)).toBeCloseTo(12.28, 2);
    expect(cropFactor(size)).toBeCloseTo(3.52, 2);
    expect(equivalentFocalLengthMm(6.81, size)).toBeCloseTo(24.0, 1);
    // A 24 mm equivalent lens sees about 84° across the diagonal.
    expect(diagonalFieldOfViewDeg(6.81, size)).toBeCloseTo(84.1, 1);
    expect(equivalentFocalLengthMm(6.81, null)).toBeNull();
    expect(diagonalFieldOfViewDeg(0, size)).toBeNull();
  });

  it("optical format in the marketing notation", () => {
    expect(opticalFormat(size)).toBe('1/1.3"');
    expect(opticalFormat([13.2, 8.8])).toBe('1"');
    expect(opticalFormat(null)).toBeNull();
  });

  it("collects a camera's figures, tolerating missing values", () => {
    const figures = cameraFigures(
      camera({
        sensor: { physical_size_mm: [9.8, 7.4], pixel_array: [4080, 3072] },
        lens: { focal_lengths_mm: [6.81, 20] },
      }),
    );
    expect(figures.megapixels).toBeCloseTo(12.53, 2);
    expect(figures.focalLengths.map((f) => Math.round(f.equivalentMm!))).toEqual([24, 70]);
    expect(cameraFigures(camera({ sensor: null, lens: null }))).toEqual({
      megapixels: null,
      pixelPitchUm: null,
      opticalFormat: null,
      cropFactor: null,
      focalLengths: [],
    });
  });
});

describe("report helpers", () => {
  const cameras = [
    camera({
      camera_id: "0",
      capabilities: ["RAW", "LOGICAL_MULTI_CAMERA"],
      physical_camera_ids: ["2"],
      is_logical: true,
    }),
    camera({ camera_id: "1", lens_facing: "FRONT", capabilities: ["RAW", "MANUAL_SENSOR"] }),
    camera({ camera_id: "2", parent_logical_id: "0", output_sizes: { JPEG: ["1920x1080", "8160x6144", "4000x3000"] } }),
  ];

  it("finds the main camera of a facing: the first stand-alone one", () => {
    expect(mainCamera(cameras, "BACK")?.camera_id).toBe("0");
    expect(mainCamera(cameras, "FRONT")?.camera_id).toBe("1");
    expect(mainCamera(cameras, "EXTERNAL")).toBeNull();
    expect(mainCamera([cameras[2]!], "BACK")?.camera_id).toBe("2");
  });

  it("unions capabilities and finds the largest output size", () => {
    expect(reportCapabilities(cameras)).toEqual(["RAW", "LOGICAL_MULTI_CAMERA", "MANUAL_SENSOR"]);
    expect(largestOutputSize(cameras[2]!, "JPEG")).toEqual([8160, 6144]);
    expect(largestOutputSize(cameras[2]!, "RAW_SENSOR")).toBeNull();
  });
});

describe("formatting", () => {
  it("numbers as Intl's en-US format writes them, rounded to the decimals asked for", () => {
    const intl = (value: number, digits: number) =>
      new Intl.NumberFormat("en-US", { maximumFractionDigits: digits }).format(Number(value.toFixed(digits)));
    const values = [0, -0, 0.04, -0.04, 0.5, 1, 9.995, 999.95, 1000, 99999.99, 1e6 + 0.5, 2 ** 53 + 2, 1e20, 1e21];
    values.push(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e-7, 123456789.123456);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 3_000; i++) values.push((random() - 0.3) * 10 ** Math.floor(random() * 12));
    for (const value of values)
      for (const digits of [0, 1, 2, 3])
        expect(formatNumber(value, digits), `${value}, ${digits}`).toBe(intl(value, digits));
  });

  it("numbers, exposure times and ranges", () => {
    expect(formatNumber(1.5, 2)).toBe("1.5");
    expect(formatNumber(11906, 0)).toBe("11,906");
    expect(formatExposureNs(13_611)).toBe("1/73,470 s");
    expect(formatExposureNs(32_000_000_000)).toBe("32 s");
    expect(formatExposureNs(250_000_000)).toBe("1/4 s");
    expect(formatRange([100, 6400], (n) => formatNumber(n, 0))).toBe("100 – 6,400");
    expect(formatRange([30, 30], String)).toBe("30");
    expect(formatRange(null)).toBeNull();
  });

  it("derives the OS version from device_os", () => {
    expect(osVersionOf("Android 13 (SDK 33)")).toBe("13");
    expect(osVersionOf("Android 8.1.0")).toBe("8.1.0");
    expect(osVersionOf("HarmonyOS")).toBe("HarmonyOS");
  });
});
