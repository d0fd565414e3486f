import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { visuallyHidden } from '@/lib/visually-hidden.ts';

export interface Column<T> {
  key: string;
  label: string;
  render(row: T): ReactNode;
  /** Keeps the column on one line (dates, numbers). */
  nowrap?: boolean;
}

interface DataTableProps<T> {
  /** Names the table for screen readers (its caption) and the scrolling region around it. */
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string;
}

/**
 * A console table. On a narrow screen it scrolls sideways inside its own region, which can be focused so
 * keyboard users can scroll it too.
 */
export function DataTable<T>({ caption, columns, rows, rowKey }: DataTableProps<T>) {
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={caption}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, maxWidth: '100%' }}
    >
      <Table size="small">
        {/* Named for screen readers; on screen the heading or page above names it. */}
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} component="th" scope="col" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.key} sx={column.nowrap ? { whiteSpace: 'nowrap' } : { minWidth: 120 }}>
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Page links under a table: "Go to page 2". */
export function Pager({
  count,
  pageSize,
  page,
  onPage,
}: {
  count: number;
  pageSize: number;
  page: number;
  onPage(page: number): void;
}) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages < 2) return null;
  return (
    <Pagination
      sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
      count={pages}
      page={page}
      onChange={(_, value) => onPage(value)}
      getItemAriaLabel={(type, item, current) =>
        type === 'page' ? `${current ? '' : 'Go to '}page ${item}` : `Go to ${type} page`
      }
    />
  );
}
