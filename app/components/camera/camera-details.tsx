// A report's cameras, readable: an overview table (one row per camera) and a card per camera with everything the
// probe app read, plus the figures derived from it (megapixels, pixel pitch, 35 mm equivalent, field of view).
import type { ReactNode } from "react";
import type { CameraItem } from "#shared/contract/camera.ts";
import { FILTER_CAPABILITIES } from "#shared/contract/camera-vocabulary.ts";
import {
  cameraFigures,
  facingLabel,
  formatExposureNs,
  formatNumber,
  formatRange,
  isStandaloneCamera,
  largestOutputSize,
} from "#shared/camera.ts";
import { TableWrap } from "../table-wrap";
import { LevelBadge, NameChips } from "./level-badge";

const DASH = "—";

function megapixelText(mp: number | null): string | null {
  return mp === null ? null : `${formatNumber(mp, mp < 10 ? 1 : 0)} MP`;
}

function resolutionText(camera: CameraItem): string | null {
  const pixels = camera.sensor?.pixel_array;
  if (!pixels) return null;
  const mp = megapixelText(cameraFigures(camera).megapixels);
  return `${pixels[0]} × ${pixels[1]}${mp ? ` (${mp})` : ""}`;
}

function sensorText(camera: CameraItem): string | null {
  const size = camera.sensor?.physical_size_mm;
  if (!size) return null;
  const format = cameraFigures(camera).opticalFormat;
  return `${formatNumber(size[0], 2)} × ${formatNumber(size[1], 2)} mm${format ? ` (${format})` : ""}`;
}

function focalText(camera: CameraItem, withFov: boolean): string | null {
  const lengths = cameraFigures(camera).focalLengths;
  if (!lengths.length) return null;
  return lengths
    .map(({ mm, equivalentMm, fovDeg }) => {
      const extras = [
        equivalentMm ? `≈ ${formatNumber(equivalentMm, 0)} mm equiv.` : null,
        withFov && fovDeg ? `${formatNumber(fovDeg, 0)}° diagonal` : null,
      ].filter(Boolean);
      return `${formatNumber(mm, 2)} mm${extras.length ? ` (${extras.join(", ")})` : ""}`;
    })
    .join("; ");
}

function apertureText(camera: CameraItem): string | null {
  const apertures = camera.lens?.apertures ?? [];
  return apertures.length ? apertures.map((f) => `f/${formatNumber(f, 2)}`).join(", ") : null;
}

function focusText(diopters: number | null | undefined): string | null {
  if (diopters === null || diopters === undefined) return null;
  if (diopters === 0) return "Fixed focus";
  return `${formatNumber(100 / diopters, 1)} cm (${formatNumber(diopters, 2)} diopters)`;
}

function hasOis(camera: CameraItem): boolean | null {
  const modes = camera.lens?.ois_modes;
  return modes ? modes.includes("ON") : null;
}

function yesNo(value: boolean | null | undefined): string {
  return value === true ? "Yes" : value === false ? "No" : DASH;
}

function exposureCompensationText(camera: CameraItem): string | null {
  const comp = camera.ae_compensation;
  const step = /^(-?\d+)\/(\d+)$/.exec(comp?.step ?? "");
  if (!comp || !step) return null;
  const ev = Number(step[1]) / Number(step[2]);
  const sign = (n: number) => (n > 0 ? `+${formatNumber(n, 2)}` : formatNumber(n, 2));
  return `${sign(comp.range[0] * ev)} to ${sign(comp.range[1] * ev)} EV in steps of ${comp.step}`;
}

function roleText(camera: CameraItem): ReactNode {
  if (camera.is_logical || camera.physical_camera_ids?.length) {
    return (
      `Logical camera over physical ` +
      `${camera.physical_camera_ids?.length ? camera.physical_camera_ids.join(", ") : "cameras"}`
    );
  }
  if (!isStandaloneCamera(camera)) return `Physical camera behind logical ${camera.parent_logical_id}`;
  return "Stand-alone camera";
}

function shortRole(camera: CameraItem): string {
  if (camera.is_logical || camera.physical_camera_ids?.length)
    return `Logical (${camera.physical_camera_ids?.join(", ") || "?"})`;
  if (!isStandaloneCamera(camera)) return `Physical of ${camera.parent_logical_id}`;
  return "Stand-alone";
}

export function CamerasOverview({ cameras }: { cameras: CameraItem[] }) {
  return (
    <TableWrap label="Cameras overview">
      <table className="data-table">
        <caption className="sr-only">Cameras of this report</caption>
        <thead>
          <tr>
            <th scope="col">Camera</th>
            <th scope="col">Facing</th>
            <th scope="col">Hardware level</th>
            <th scope="col">Resolution</th>
            <th scope="col">Sensor</th>
            <th scope="col">Focal length</th>
            <th scope="col">Aperture</th>
            <th scope="col">OIS</th>
            <th scope="col">Flash</th>
            <th scope="col">Role</th>
          </tr>
        </thead>
        <tbody>
          {cameras.map((camera) => (
            <tr key={camera.camera_id}>
              <th scope="row" className="font-mono font-semibold">
                <a href={`#camera-${camera.camera_id}`}>{camera.camera_id}</a>
              </th>
              <td>{facingLabel(camera.lens_facing)}</td>
              <td>
                <LevelBadge level={camera.hardware_level} />
              </td>
              <td className="whitespace-nowrap">{resolutionText(camera) ?? DASH}</td>
              <td className="whitespace-nowrap">{sensorText(camera) ?? DASH}</td>
              <td className="min-w-40">{focalText(camera, false) ?? DASH}</td>
              <td className="whitespace-nowrap">{apertureText(camera) ?? DASH}</td>
              <td>{yesNo(hasOis(camera))}</td>
              <td>{yesNo(camera.flash_available)}</td>
              <td className="whitespace-nowrap">{shortRole(camera)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** A line of a camera's facts: styled by its list (.camera-facts in app.css), as there are 70 and more on a page. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children ?? DASH}</dd>
    </div>
  );
}

export function CameraCard({ camera }: { camera: CameraItem }) {
  const figures = cameraFigures(camera);
  const sensor = camera.sensor;
  const formats = Object.keys(camera.output_sizes ?? {});
  return (
    <section
      id={`camera-${camera.camera_id}`}
      aria-labelledby={`camera-${camera.camera_id}-title`}
      className="card scroll-mt-4"
    >
      <h3
        id={`camera-${camera.camera_id}-title`}
        className="mb-2 flex flex-wrap items-center gap-2 text-lg font-semibold"
      >
        <span>
          Camera {camera.camera_id} · {facingLabel(camera.lens_facing)}
        </span>
        <LevelBadge level={camera.hardware_level} />
      </h3>
      <dl className="camera-facts">
        <Row label="Role">{roleText(camera)}</Row>
        <Row label="Capabilities">
          <NameChips names={camera.capabilities} highlight={FILTER_CAPABILITIES} />
        </Row>
        <Row label="Sensor size">{sensorText(camera)}</Row>
        <Row label="Resolution">{resolutionText(camera)}</Row>
        <Row label="Pixel pitch">{figures.pixelPitchUm ? `${formatNumber(figures.pixelPitchUm, 2)} µm` : null}</Row>
        <Row label="Crop factor">{figures.cropFactor ? `${formatNumber(figures.cropFactor, 2)}×` : null}</Row>
        <Row label="Colour filter">{sensor?.color_filter ?? null}</Row>
        <Row label="Sensor orientation">
          {camera.sensor_orientation === null || camera.sensor_orientation === undefined
            ? null
            : `${camera.sensor_orientation}°`}
        </Row>
        <Row label="Focal lengths">{focalText(camera, true)}</Row>
        <Row label="Apertures">{apertureText(camera)}</Row>
        <Row label="Closest focus">{focusText(camera.lens?.min_focus_diopters)}</Row>
        <Row label="ISO range">{formatRange(sensor?.iso_range, (n) => formatNumber(n, 0))}</Row>
        <Row label="Exposure time">{formatRange(sensor?.exposure_time_ns, formatExposureNs)}</Row>
        <Row label="Exposure compensation">{exposureCompensationText(camera)}</Row>
        <Row label="Optical stabilization">{yesNo(hasOis(camera))}</Row>
        <Row label="Video stabilization">
          <NameChips names={camera.video_stabilization_modes} />
        </Row>
        <Row label="Flash">{yesNo(camera.flash_available)}</Row>
        <Row label="Zoom ratio">{formatRange(camera.zoom_ratio_range, (n) => `${formatNumber(n, 2)}×`)}</Row>
        <Row label="Frame rate ranges (fps)">
          {camera.ae_fps_ranges?.length
            ? camera.ae_fps_ranges.map((range) => formatRange(range, (n) => String(n))).join(", ")
            : null}
        </Row>
        <Row label="High-speed video">
          {camera.high_speed_video?.length
            ? camera.high_speed_video
                .map((entry) => `${entry.size} at ${[...new Set(entry.fps.map((r) => r[1]))].join("/")} fps`)
                .join("; ")
            : null}
        </Row>
        <Row label="Autofocus modes">
          <NameChips names={camera.af_modes} />
        </Row>
        <Row label="Auto-exposure modes">
          <NameChips names={camera.ae_modes} />
        </Row>
        {camera.awb_modes ? (
          <Row label="White balance modes">
            <NameChips names={camera.awb_modes} />
          </Row>
        ) : null}
        <Row label="Output formats">
          {formats.length ? (
            <ul className="space-y-0.5">
              {formats.map((format) => {
                const largest = largestOutputSize(camera, format);
                const count = camera.output_sizes?.[format]?.length ?? 0;
                return (
                  <li key={format}>
                    <span className="font-mono text-xs">{format}</span>:{" "}
                    {largest ? `up to ${largest[0]} × ${largest[1]}` : DASH}
                    <span className="text-zinc-600 dark:text-zinc-400">
                      {" "}
                      ({count} {count === 1 ? "size" : "sizes"})
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </Row>
      </dl>
    </section>
  );
}
