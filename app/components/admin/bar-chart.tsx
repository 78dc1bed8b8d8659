import { formatPence } from "~/utils/money";

// A server-rendered bar chart of money (no chart library, no JavaScript), drawn in the theme's
// colours: the bars are currentColor of a brand text class, the axis text and lines slate
// classes, each with its dark variant, so light and dark themes need nothing more.
//
// Accessibility: the chart is aria-hidden and the data table beside it (ChartTable) is the
// accessible version. A table can be read cell by cell, with each month or year announced with
// its figure; an SVG with role="img" could only carry one long sentence of 24 values, read in one
// breath, and would say everything twice next to the table.

export interface Bar {
  key: string;
  /** Under the bar (short); every bar has one, though crowded charts show only some. */
  shortLabel: string;
  pence: number;
}

const WIDTH = 480;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 22, bottom: 26, left: 64 };

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 100;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function BarChart({ bars, labelEvery = 1 }: { bars: readonly Bar[]; labelEvery?: number }) {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const top = niceMax(Math.max(0, ...bars.map((bar) => bar.pence)));
  const slot = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (pence: number) => MARGIN.top + plotHeight - (Math.max(0, pence) / top) * plotHeight;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => share * top);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-hidden="true"
      focusable="false"
      className="h-auto w-full text-brand-600 dark:text-brand-300"
      fontSize="14"
    >
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={MARGIN.left}
            x2={WIDTH - MARGIN.right}
            y1={y(tick)}
            y2={y(tick)}
            className="stroke-slate-200 dark:stroke-slate-700"
            strokeWidth="1"
          />
          <text
            x={MARGIN.left - 6}
            y={y(tick)}
            textAnchor="end"
            dominantBaseline="middle"
            className="fill-slate-600 dark:fill-slate-400"
          >
            {formatPence(Math.round(tick))}
          </text>
        </g>
      ))}
      {bars.map((bar, index) => {
        const x = MARGIN.left + index * slot + (slot - barWidth) / 2;
        const height = MARGIN.top + plotHeight - y(bar.pence);
        return (
          <g key={bar.key}>
            {height > 0 ? (
              <rect x={x} y={y(bar.pence)} width={barWidth} height={height} fill="currentColor" rx="1" />
            ) : null}
            {index % labelEvery === (bars.length - 1) % labelEvery ? (
              <text
                x={x + barWidth / 2}
                y={HEIGHT - 6}
                textAnchor="middle"
                className="fill-slate-600 dark:fill-slate-400"
              >
                {bar.shortLabel}
              </text>
            ) : null}
          </g>
        );
      })}
      <line
        x1={MARGIN.left}
        x2={WIDTH - MARGIN.right}
        y1={MARGIN.top + plotHeight}
        y2={MARGIN.top + plotHeight}
        className="stroke-slate-500 dark:stroke-slate-400"
        strokeWidth="1"
      />
    </svg>
  );
}

/** The chart's data as a table: a visible caption, a column header per figure, a row header per bar. */
export function ChartTable({
  caption,
  rowHeading,
  columns,
  rows,
}: {
  caption: string;
  rowHeading: string;
  columns: readonly string[];
  rows: readonly { key: string; label: string; values: readonly number[] }[];
}) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="mb-2 text-left font-medium text-slate-700 dark:text-slate-300">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300 dark:border-slate-600">
          <th scope="col" className="px-2 py-1 text-left font-semibold">
            {rowHeading}
          </th>
          {columns.map((column) => (
            <th key={column} scope="col" className="px-2 py-1 text-right font-semibold">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-slate-200 dark:border-slate-700">
            <th scope="row" className="px-2 py-1 text-left font-normal">
              {row.label}
            </th>
            {row.values.map((value, index) => (
              <td key={columns[index]} className="px-2 py-1 text-right tabular-nums">
                {formatPence(value)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
