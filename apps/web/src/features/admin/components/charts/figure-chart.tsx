import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';

export interface ChartSeries {
  label: string;
  /** null: no value that day (a gap in a line, an empty cell in the table). */
  data: (number | null)[];
}

export interface FigureChartProps {
  kind: 'line' | 'bar' | 'ranking';
  /** The x axis (days) or, for a ranking, the names. */
  labels: string[];
  series: ChartSeries[];
}

// Decision 0138: MUI X Charts, loaded with the overview only; each chart is inert, its numbers follow as a table.
/**
 * The charts of the overview, from MUI X Charts; this module is loaded only when the overview opens. The
 * numbers behind each chart are in its table, which screen readers read instead.
 */
export default function FigureChart({ kind, labels, series }: FigureChartProps) {
  const height = kind === 'ranking' ? Math.max(160, labels.length * 36 + 40) : 240;
  if (kind === 'line') {
    return (
      <LineChart
        height={height}
        xAxis={[{ scaleType: 'point', data: labels }]}
        yAxis={[{ min: 0, tickMinStep: 1 }]}
        // Days without a value (null) are skipped: the line joins the days that have one, each marked.
        series={series.map((one) => ({ ...one, showMark: one.data.includes(null), connectNulls: true }))}
      />
    );
  }
  return (
    <BarChart
      height={height}
      layout={kind === 'ranking' ? 'horizontal' : 'vertical'}
      {...(kind === 'ranking'
        ? { yAxis: [{ scaleType: 'band', data: labels, width: 140 }], xAxis: [{ min: 0, tickMinStep: 1 }] }
        : { xAxis: [{ scaleType: 'band', data: labels }], yAxis: [{ min: 0, tickMinStep: 1 }] })}
      series={series}
    />
  );
}
