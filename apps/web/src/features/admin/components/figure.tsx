import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';
import { visuallyHidden } from '@/lib/visually-hidden.ts';
import { downloadCsv, toCsv } from '../lib/csv.ts';
import type { FigureChartProps } from './charts/figure-chart.tsx';

const FigureChart = lazy(() => import('./charts/figure-chart.tsx'));

interface FigureProps extends FigureChartProps {
  title: string;
  /** The first column's heading: "Day", "Module", … */
  labelHeading: string;
  /** The file name of the CSV export, without extension. */
  file: string;
}

/**
 * One figure of the overview: a chart for the eye, the same numbers as a table for screen readers, and a
 * CSV export of them. A figure with nothing to show (no rows, or every count 0) says so instead of drawing.
 */
export function Figure({ title, labelHeading, file, kind, labels, series }: FigureProps) {
  const headingId = useId();
  const headers = [labelHeading, ...series.map((one) => one.label)];
  const rows = labels.map((label, index) => [label, ...series.map((one) => one.data[index] ?? '')]);
  // Every count 0 (a period without any, or a ranking with nothing to rank) draws no chart: its axis has no scale.
  const empty = series.every((one) => one.data.every((value) => !value));
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Button
          size="small"
          startIcon={<Download />}
          onClick={() => downloadCsv(`${file}.csv`, toCsv(headers, rows))}
          aria-label={`Download ${title} as CSV`}
        >
          CSV
        </Button>
      </Box>
      {empty ? (
        <Typography sx={{ color: 'text.secondary' }}>
          {kind === 'ranking' || labels.length === 0 ? 'Nothing yet.' : 'None in this period.'}
        </Typography>
      ) : (
        <>
          {/* For the eye only: screen readers and the keyboard get the table below. */}
          <Box inert>
            <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
              <FigureChart kind={kind} labels={labels} series={series} />
            </Suspense>
          </Box>
          {/* A table ignores the 1 px size of `visuallyHidden`: a block around it hides it. */}
          <Box sx={visuallyHidden}>
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  {headers.map((heading) => (
                    <th key={heading} scope="col">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map(([label, ...values]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    {values.map((value, index) => (
                      <td key={headers[index + 1]}>{value}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
        </>
      )}
    </Paper>
  );
}
