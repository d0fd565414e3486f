import { PAGING } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiErrorStatus } from '@/lib/api-client.ts';
import { useModules } from '../api/get-modules.ts';
import { cardGridSx } from '@/components/card-grid.ts';
import { ModuleCard } from '../components/module-card.tsx';
import { ModuleFiltersBar } from '../components/module-filters-bar.tsx';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { EmptyState, LoadError, LoadingCards } from '@/components/query-states.tsx';
import {
  DEFAULT_MODULE_FILTERS,
  filtersAreDefault,
  readModuleFilters,
  writeModuleFilters,
  type ModuleFilters,
} from '../lib/module-filters.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { plural } from '@/lib/plural.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/** R2 /modules: a paged list with difficulty, course, access and searchTerm kept in the address. */
export function ModulesPage() {
  usePageTitle('Modules');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readModuleFilters(searchParams), [searchParams]);
  const modules = useModules(filters);

  const update = (patch: Partial<ModuleFilters>, replace = false) => {
    // Any change of filter starts again from the first page.
    const next = { ...filters, page: 1, ...patch };
    setSearchParams(writeModuleFilters(next), { replace });
  };

  // The search box writes to the address once typing pauses; an address change from elsewhere
  // (back, forward, a link) is copied into the box, but never one the box itself just made.
  const [searchInput, setSearchInput] = useState(filters.searchTerm);
  const [seenTerm, setSeenTerm] = useState(filters.searchTerm);
  const [written, setWritten] = useState<string | null>(null);
  if (filters.searchTerm !== seenTerm) {
    setSeenTerm(filters.searchTerm);
    if (filters.searchTerm !== written) setSearchInput(filters.searchTerm);
  }
  useEffect(() => {
    if (searchInput === filters.searchTerm) return;
    const timer = setTimeout(() => {
      setWritten(searchInput);
      setSearchParams(writeModuleFilters({ ...filters, searchTerm: searchInput, page: 1 }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, filters, setSearchParams]);

  const clear = () => {
    setSearchInput('');
    setWritten('');
    setSearchParams(writeModuleFilters(DEFAULT_MODULE_FILTERS));
  };

  const data = modules.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGING.defaultPageSize)) : 1;
  const pastTheEnd = modules.isError && apiErrorStatus(modules.error) === 404 && filters.page > 1;

  let body;
  if (pastTheEnd) {
    body = (
      <EmptyState
        title="This page is past the end of the list"
        action={
          <Button variant="contained" onClick={() => update({})}>
            Go to the first page
          </Button>
        }
      />
    );
  } else if (modules.isPending) {
    body = <LoadingCards label="Loading modules…" />;
  } else if (modules.isError) {
    body = (
      <LoadError title="Could not load the modules." error={modules.error} onRetry={() => void modules.refetch()} />
    );
  } else if (modules.data.results.length === 0) {
    body = filtersAreDefault(filters) ? (
      <EmptyState title="No modules yet">New modules are on their way. Check back soon.</EmptyState>
    ) : (
      <EmptyState
        title="No modules match these filters"
        action={
          <Button variant="contained" onClick={clear}>
            Clear filters
          </Button>
        }
      >
        Try another search term or fewer filters.
      </EmptyState>
    );
  } else {
    const first = (filters.page - 1) * PAGING.defaultPageSize + 1;
    const last = first + modules.data.results.length - 1;
    body = (
      <>
        <Box sx={cardGridSx} aria-busy={modules.isPlaceholderData}>
          {modules.data.results.map((module) => (
            <ModuleCard key={module.id} module={module} showCourse />
          ))}
        </Box>
        {pages > 1 && (
          <Pagination
            page={Math.min(filters.page, pages)}
            count={pages}
            onChange={(_event, page) => {
              setSearchParams(writeModuleFilters({ ...filters, page }));
              window.scrollTo({ top: 0 });
            }}
            getItemAriaLabel={(type, page, selected) =>
              type === 'page' ? `${selected ? 'Page' : 'Go to page'} ${page}` : `Go to ${type} page`
            }
            sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}
          />
        )}
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary', mt: 2, textAlign: 'center' }}>
          Showing {first}–{last} of {plural(modules.data.count, 'module')}
        </Typography>
      </>
    );
  }

  return (
    <Container maxWidth="lg" sx={pageContainerSx}>
      <PageHeader eyebrow="Learn" title="Modules">
        Every module across the courses. Filter by difficulty, course or access, or search by topic.
      </PageHeader>
      <ModuleFiltersBar
        filters={filters}
        searchInput={searchInput}
        onSearchInput={setSearchInput}
        onChange={(patch) => update(patch)}
        onClear={clear}
      />
      <Box sx={{ height: 4, mb: 2 }} aria-hidden>
        {modules.isFetching && !modules.isPending && <LinearProgress />}
      </Box>
      {body}
    </Container>
  );
}
