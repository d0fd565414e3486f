import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { pageContainerSx } from '@/components/page-header.tsx';
import { NotFoundState } from '@/components/query-states.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { visuallyHidden } from '@/lib/visually-hidden.ts';

export function AdminNotFoundPage() {
  usePageTitle('Not found');
  return (
    <Container maxWidth="md" sx={pageContainerSx}>
      <Box component="h1" sx={visuallyHidden}>
        Console page not found
      </Box>
      <NotFoundState what="Console page" backTo="/admin" backLabel="Open the console" />
    </Container>
  );
}
