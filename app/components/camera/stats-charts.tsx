// The statistics page's charts: SVG drawn on the server (d3-scale for the scales, d3-shape for lines and markers),
// so they need no JavaScript. Each is an image with a title and a description, and the page puts a data table
// beside it. They scale with their viewBox (no sideways scroll on a phone) and draw in currentColor and theme
// classes, so they follow the light and dark themes.
import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { line, symbol, symbolCircle, symbolDiamond, symbolSquare, symbolTriangle, type SymbolType } from "d3-shape";
import type { ReactNode } from "react";
import { formatNumber } from "#shared/camera.ts";

/** Drawn at this width and scaled to the column: about a phone's width, so text stays near its set size there. */
const WIDTH = 360;
const FONT_SIZE = 11;
const LABEL_HEIGHT = 14;

/** Series colours, each with a marker shape too, so a series is told apart without its colour. */
const SERIES_STYLES: { className: string; symbol: SymbolType }[] = [
  { className: "fill-blue-700 stroke-blue-700 dark:fill-blue-400 dark:stroke-blue-400", symbol: symbolCircle },
  { className: "fill-amber-700 stroke-amber-700 dark:fill-amber-400 dark:stroke-amber-400", symbol: symbolSquare },
  {
    className: "fill-emerald-700 stroke-emerald-700 dark:fill-emerald-400 dark:stroke-emerald-400",
    symbol: symbolTriangle,
  },
  {
    className: "fill-fuchsia-700 stroke-fuchsia-700 dark:fill-fuchsia-400 dark:stroke-fuchsia-400",
    symbol: symbolDiamond,
  },
];

const TEXT_CLASS = "fill-current text-zinc-800 dark:text-zinc-200";
const GRID_CLASS = "stroke-current text-zinc-300 dark:text-zinc-700";

export function percentText(share: number): string {
  return `${formatNumber(share * 100, share > 0 && share < 0.1 ? 1 : 0)}%`;
}

interface ChartFrameProps {
  id: string;
  title: string;
  description: string;
  height: number;
  children: ReactNode;
}

/** The SVG named by its title and described by its description, scaling to its column. */
function ChartFrame({ id, title, description, height, children }: ChartFrameProps) {
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className="h-auto w-full max-w-xl"
      fontSize={FONT_SIZE}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {children}
    </svg>
  );
}

export interface BarRow {
  label: string;
  value: number;
  /** What the bar's end says, e.g. "1,234 (12%)". */
  valueText: string;
}

/** Horizontal bars, each with its label and value on a line above it, so long names need no side margin. */
export function BarChart({
  id,
  title,
  description,
  rows,
  max,
}: {
  id: string;
  title: string;
  description: string;
  rows: BarRow[];
  /** The value of a full-width bar; the largest value when not given. */
  max?: number;
}) {
  const rowHeight = LABEL_HEIGHT + 12;
  const height = rows.length * rowHeight + 4;
  const x = scaleLinear()
    .domain([0, max ?? Math.max(1, ...rows.map((row) => row.value))])
    .range([0, WIDTH - 2]);
  const y = scaleBand()
    .domain(rows.map((_, index) => String(index)))
    .range([0, rows.length * rowHeight]);
  return (
    <ChartFrame id={id} title={title} description={description} height={height}>
      {rows.map((row, index) => {
        const top = y(String(index)) ?? 0;
        return (
          <g key={row.label} transform={`translate(1, ${top})`}>
            <text y={LABEL_HEIGHT - 3} className={TEXT_CLASS}>
              {row.label}
            </text>
            <text x={WIDTH - 2} y={LABEL_HEIGHT - 3} textAnchor="end" className={TEXT_CLASS}>
              {row.valueText}
            </text>
            <rect y={LABEL_HEIGHT} width={WIDTH - 2} height={8} className={GRID_CLASS} fill="none" strokeWidth={0.5} />
            <rect y={LABEL_HEIGHT} width={x(row.value)} height={8} className={SERIES_STYLES[0]!.className} />
          </g>
        );
      })}
    </ChartFrame>
  );
}

export interface Series {
  name: string;
  /** Shares from 0 to 1, one per category; null where the category has no reports. */
  values: (number | null)[];
}

/** Shares per category (Android versions), a line per series with its marker shape, and a legend. */
export function LineChart({
  id,
  title,
  description,
  categories,
  series,
}: {
  id: string;
  title: string;
  description: string;
  categories: string[];
  series: Series[];
}) {
  const legendHeight = series.length * (LABEL_HEIGHT + 2) + 6;
  const plot = { top: legendHeight + 6, left: 34, right: WIDTH - 8, bottom: legendHeight + 186 };
  const height = plot.bottom + 22;
  const x = scalePoint().domain(categories).range([plot.left, plot.right]).padding(0.3);
  const y = scaleLinear().domain([0, 1]).range([plot.bottom, plot.top]);
  const ticks = y.ticks(5);
  return (
    <ChartFrame id={id} title={title} description={description} height={height}>
      {series.map((entry, index) => {
        const style = SERIES_STYLES[index % SERIES_STYLES.length]!;
        const rowY = index * (LABEL_HEIGHT + 2) + 8;
        return (
          <g key={entry.name} transform={`translate(${plot.left}, ${rowY})`}>
            <path d={symbol(style.symbol, 48)() ?? ""} className={style.className} transform="translate(5, 0)" />
            <text x={14} y={4} className={TEXT_CLASS}>
              {entry.name}
            </text>
          </g>
        );
      })}
      {ticks.map((tick) => (
        <g key={tick} transform={`translate(0, ${y(tick)})`}>
          <line x1={plot.left} x2={plot.right} className={GRID_CLASS} strokeWidth={0.5} />
          <text x={plot.left - 4} dy="0.32em" textAnchor="end" className={TEXT_CLASS}>
            {percentText(tick)}
          </text>
        </g>
      ))}
      {categories.map((category) => (
        <text key={category} x={x(category)} y={plot.bottom + 14} textAnchor="middle" className={TEXT_CLASS}>
          {category}
        </text>
      ))}
      {series.map((entry, index) => {
        const style = SERIES_STYLES[index % SERIES_STYLES.length]!;
        const points = categories.flatMap((category, position) => {
          const value = entry.values[position];
          return value === null || value === undefined ? [] : [[x(category) ?? 0, y(value)] as [number, number]];
        });
        return (
          <g key={entry.name} className={style.className}>
            <path d={line()(points) ?? ""} fill="none" strokeWidth={1.5} />
            {points.map(([px, py]) => (
              <path key={px} d={symbol(style.symbol, 36)() ?? ""} transform={`translate(${px}, ${py})`} />
            ))}
          </g>
        );
      })}
    </ChartFrame>
  );
}

/** Per group (a manufacturer), a thin bar per series in series order, under the group's name; and a legend. */
export function GroupedBarChart({
  id,
  title,
  description,
  groups,
  series,
}: {
  id: string;
  title: string;
  description: string;
  groups: string[];
  series: Series[];
}) {
  const legendHeight = series.length * (LABEL_HEIGHT + 2) + 6;
  const barHeight = 6;
  const groupHeight = LABEL_HEIGHT + series.length * (barHeight + 1) + 8;
  const height = legendHeight + groups.length * groupHeight;
  const x = scaleLinear()
    .domain([0, 1])
    .range([0, WIDTH - 40]);
  return (
    <ChartFrame id={id} title={title} description={description} height={height}>
      {series.map((entry, index) => {
        const style = SERIES_STYLES[index % SERIES_STYLES.length]!;
        return (
          <g key={entry.name} transform={`translate(1, ${index * (LABEL_HEIGHT + 2) + 8})`}>
            <path d={symbol(style.symbol, 48)() ?? ""} className={style.className} transform="translate(5, 0)" />
            <text x={14} y={4} className={TEXT_CLASS}>
              {entry.name}
            </text>
          </g>
        );
      })}
      {groups.map((group, groupIndex) => (
        <g key={group} transform={`translate(1, ${legendHeight + groupIndex * groupHeight})`}>
          <text y={LABEL_HEIGHT - 3} className={TEXT_CLASS}>
            {group}
          </text>
          {series.map((entry, index) => {
            const value = entry.values[groupIndex] ?? 0;
            const top = LABEL_HEIGHT + index * (barHeight + 1);
            return (
              <g key={entry.name} transform={`translate(0, ${top})`}>
                <rect
                  width={Math.max(x(value), 1)}
                  height={barHeight}
                  className={SERIES_STYLES[index % SERIES_STYLES.length]!.className}
                />
                <text x={x(value) + 4} y={barHeight} fontSize={8} className={TEXT_CLASS}>
                  {percentText(value)}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </ChartFrame>
  );
}
