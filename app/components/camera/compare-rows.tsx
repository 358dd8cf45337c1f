// The rows of the comparison page, section by section: what each shows of a report, as text that decides whether
// the compared reports differ in it.
import type { ReactNode } from "react";
import type { CameraItem, CameraReportDetail } from "#shared/contract/camera.ts";
import { FILTER_CAPABILITIES } from "#shared/contract/camera-vocabulary.ts";
import {
  bestHardwareLevel,
  CAPABILITY_LABELS,
  cameraFigures,
  facingLabel,
  formatExposureNs,
  formatNumber,
  formatRange,
  mainCamera,
  maxFps,
  maxHighSpeedFps,
  reportCapabilities,
} from "#shared/camera.ts";
import { Time } from "../time";
import { LevelBadge } from "./level-badge";

export interface Column {
  report: CameraReportDetail;
  cameras: CameraItem[];
  back: CameraItem | null;
  front: CameraItem | null;
  capabilities: string[];
}

/**
 * One row of the comparison: `value` is the cell as text, which decides whether the reports differ in it;
 * `render` shows it when plain text is not enough (a level badge, a time).
 */
export interface RowDef {
  label: string;
  value: (column: Column) => string;
  render?: (column: Column) => ReactNode;
}

const DASH = "—";

function mp(camera: CameraItem | null): string {
  const value = camera ? cameraFigures(camera).megapixels : null;
  return value === null ? DASH : `${formatNumber(value, value < 10 ? 1 : 0)} MP`;
}

function equivalent(camera: CameraItem | null): string {
  const first = camera ? cameraFigures(camera).focalLengths[0] : undefined;
  if (!first) return DASH;
  const equivalentText = first.equivalentMm ? ` (≈ ${formatNumber(first.equivalentMm, 0)} mm)` : "";
  return `${formatNumber(first.mm, 2)} mm${equivalentText}`;
}

function aperture(camera: CameraItem | null): string {
  const values = camera?.lens?.apertures ?? [];
  return values.length ? values.map((f) => `f/${formatNumber(f, 2)}`).join(", ") : DASH;
}

function sensor(camera: CameraItem | null): string {
  const figures = camera ? cameraFigures(camera) : null;
  if (!figures?.opticalFormat) return DASH;
  const pitchText = figures.pixelPitchUm ? `, ${formatNumber(figures.pixelPitchUm, 2)} µm pixels` : "";
  return `${figures.opticalFormat}${pitchText}`;
}

function yesNo(value: boolean | null | undefined): string {
  return value === true ? "Yes" : value === false ? "No" : DASH;
}

export const SECTIONS: { title: string; rows: RowDef[] }[] = [
  {
    title: "Device",
    rows: [
      { label: "OS", value: ({ report }) => report.report_data.device_os ?? report.device_os_version },
      {
        label: "Report time",
        value: ({ report }) => report.created_at,
        render: ({ report }) => <Time value={report.created_at} />,
      },
      {
        label: "Cameras",
        value: ({ cameras }) => {
          const byFacing = new Map<string, number>();
          for (const camera of cameras) byFacing.set(camera.lens_facing, (byFacing.get(camera.lens_facing) ?? 0) + 1);
          const parts = [...byFacing].map(([facing, count]) => `${count} ${facingLabel(facing).toLowerCase()}`);
          return `${cameras.length}${parts.length ? ` (${parts.join(", ")})` : ""}`;
        },
      },
      {
        label: "Best hardware level",
        value: ({ cameras }) => bestHardwareLevel(cameras) ?? DASH,
        render: ({ cameras }) => <LevelBadge level={bestHardwareLevel(cameras)} />,
      },
      ...FILTER_CAPABILITIES.map((cap) => ({
        label: CAPABILITY_LABELS[cap] ?? cap,
        value: ({ capabilities }: Column) => (capabilities.includes(cap) ? "Yes" : "No"),
      })),
    ],
  },
  {
    title: "Main back camera",
    rows: [
      {
        label: "Hardware level",
        value: ({ back }) => back?.hardware_level ?? DASH,
        render: ({ back }) => <LevelBadge level={back?.hardware_level} />,
      },
      { label: "Resolution", value: ({ back }) => mp(back) },
      { label: "Sensor", value: ({ back }) => sensor(back) },
      { label: "Focal length (35 mm equiv.)", value: ({ back }) => equivalent(back) },
      { label: "Aperture", value: ({ back }) => aperture(back) },
      {
        label: "ISO range",
        value: ({ back }) => formatRange(back?.sensor?.iso_range, (n) => formatNumber(n, 0)) ?? DASH,
      },
      {
        label: "Exposure time",
        value: ({ back }) => formatRange(back?.sensor?.exposure_time_ns, formatExposureNs) ?? DASH,
      },
      {
        label: "Optical stabilization",
        value: ({ back }) => yesNo(back?.lens?.ois_modes ? back.lens.ois_modes.includes("ON") : null),
      },
      { label: "Flash", value: ({ back }) => yesNo(back?.flash_available) },
      {
        label: "Zoom ratio",
        value: ({ back }) => formatRange(back?.zoom_ratio_range, (n) => `${formatNumber(n, 2)}×`) ?? DASH,
      },
      { label: "Highest frame rate", value: ({ back }) => (back && maxFps(back) ? `${maxFps(back)} fps` : DASH) },
      {
        label: "High-speed video",
        value: ({ back }) => (back && maxHighSpeedFps(back) ? `${maxHighSpeedFps(back)} fps` : DASH),
      },
    ],
  },
  {
    title: "Main front camera",
    rows: [
      {
        label: "Hardware level",
        value: ({ front }) => front?.hardware_level ?? DASH,
        render: ({ front }) => <LevelBadge level={front?.hardware_level} />,
      },
      { label: "Resolution", value: ({ front }) => mp(front) },
      { label: "Sensor", value: ({ front }) => sensor(front) },
      { label: "Focal length (35 mm equiv.)", value: ({ front }) => equivalent(front) },
      { label: "Aperture", value: ({ front }) => aperture(front) },
    ],
  },
];

export function columnOf(report: CameraReportDetail): Column {
  const cameras = Array.isArray(report.report_data.camera_list) ? report.report_data.camera_list : [];
  return {
    report,
    cameras,
    back: mainCamera(cameras, "BACK"),
    front: mainCamera(cameras, "FRONT"),
    capabilities: reportCapabilities(cameras),
  };
}

/** Whether the reports show different values in this row. */
export function rowDiffers(row: RowDef, columns: Column[]): boolean {
  return new Set(columns.map(row.value)).size > 1;
}
