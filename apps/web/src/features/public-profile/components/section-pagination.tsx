import { PAGING } from '@bastion/contract';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';

/** Pages of a paged section (R11: 10 a page); nothing when everything fits on one. */
export function SectionPagination({
  label,
  count,
  page,
  onChange,
}: {
  label: string;
  count: number;
  page: number;
  onChange(page: number): void;
}) {
  const pages = Math.ceil(count / PAGING.defaultPageSize);
  if (pages <= 1) return null;
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
      <Pagination count={pages} page={Math.min(page, pages)} onChange={(_event, next) => onChange(next)} />
    </Box>
  );
}
