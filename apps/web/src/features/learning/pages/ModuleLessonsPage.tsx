import type { CompletionOutcome, ModuleItem, ModuleLessons } from '@bastion/contract';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { apiErrorStatus, apiErrorText } from '@/lib/api-client.ts';
import { useEnrollFirst } from '../api/enroll-first.ts';
import { isMissing } from '@/lib/api-errors.ts';
import { useModuleLessons } from '../api/get-module-lessons.ts';
import { EmptyState, LoadError, LoadingBlock, NotFoundState } from '@/components/query-states.tsx';
import { ItemNavigation, type ItemLink } from '../components/item-navigation.tsx';
import { LessonView } from '../components/lesson-view.tsx';
import { ModuleCompletePanel } from '../components/module-complete-panel.tsx';
import { COMPLETE_STEP, isDone, ModuleItemNav } from '../components/module-item-nav.tsx';
import { ModuleLessonsHeader } from '../components/module-lessons-header.tsx';
import { pageContainerSx } from '@/components/page-header.tsx';
import { QuizView } from '../components/quiz-view.tsx';
import { PremiumLockedState } from '@/components/premium-links.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';

/** The open step: the address's `?item=`, else the first unfinished item (or the completion once all are done). */
function pickCurrent(data: ModuleLessons, requested: string | null): string | null {
  if (requested === COMPLETE_STEP && data.module.completed) return COMPLETE_STEP;
  if (requested && data.items.some((item) => item.id === requested)) return requested;
  const next = data.items.find((item) => !isDone(item));
  if (next) return next.id;
  return data.module.completed ? COMPLETE_STEP : (data.items[0]?.id ?? null);
}

function linkTo(item: ModuleItem | undefined): ItemLink | null {
  return item ? { to: `?item=${item.id}`, label: item.title } : null;
}

/** R2 /courses/module/{moduleId}/lessons: the module's lessons and quizzes in order. */
export function ModuleLessonsPage() {
  const { moduleId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const query = useModuleLessons(moduleId);
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [courseCompletionId, setCourseCompletionId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle(query.data?.module.title ?? 'Module');

  const data = query.data;
  const enrollment = useEnrollFirst(data?.module);
  const current = data ? pickCurrent(data, searchParams.get('item')) : null;

  // The open step goes into the address, so finishing it does not move the page on by itself.
  const requested = searchParams.get('item');
  useEffect(() => {
    if (current && requested !== current) void navigate(`?item=${current}`, { replace: true });
  }, [current, requested, navigate]);

  // Moving to another step puts the keyboard and screen reader at its title (not on first load).
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!current) return;
    if (shown.current && shown.current !== current) {
      headingRef.current?.focus();
      headingRef.current?.scrollIntoView?.({ block: 'start' });
    }
    shown.current = current;
  }, [current]);

  const onOutcome = (outcome: CompletionOutcome) => {
    if (outcome.course_completed && outcome.course_completion_id) setCourseCompletionId(outcome.course_completion_id);
    // The completion step shows once the module reads as completed: move there after its data is fresh,
    // or the address would be sent back to the (stale) last item.
    if (outcome.module_completed) void query.refetch().then(() => navigate(`?item=${COMPLETE_STEP}`));
  };

  if (query.isPending) {
    return (
      <Container maxWidth="lg" sx={pageContainerSx}>
        <LoadingBlock label="Loading the module…" />
      </Container>
    );
  }
  if (query.isError) {
    const locked = apiErrorStatus(query.error) === 403;
    return (
      <Container maxWidth="lg" sx={pageContainerSx}>
        {isMissing(query.error) ? (
          <NotFoundState what="Module" backTo="/modules" backLabel="All modules" />
        ) : locked ? (
          <PremiumLockedState title="This module is part of Premium">
            {apiErrorText(query.error, 'Upgrade your plan to unlock it.')}
          </PremiumLockedState>
        ) : (
          <LoadError title="Could not load this module." error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Container>
    );
  }

  const { module, items } = query.data;
  const index = items.findIndex((item) => item.id === current);
  const item = index >= 0 ? items[index] : undefined;
  const last = index === items.length - 1;
  const navigation = (
    <ItemNavigation
      previous={linkTo(items[index - 1])}
      next={
        last && module.completed ? { to: `?item=${COMPLETE_STEP}`, label: 'Module complete' } : linkTo(items[index + 1])
      }
    />
  );

  let content;
  if (current === COMPLETE_STEP) {
    content = <ModuleCompletePanel module={module} courseCompletionId={courseCompletionId} headingRef={headingRef} />;
  } else if (!item) {
    content = <EmptyState title="Nothing here yet">This module has no lessons or quizzes yet.</EmptyState>;
  } else if (item.type === 'lesson') {
    content = (
      <LessonView
        key={item.id}
        lesson={item}
        enrollment={enrollment}
        onCompleted={onOutcome}
        navigation={navigation}
        headingRef={headingRef}
      />
    );
  } else {
    content = (
      <QuizView
        key={item.id}
        quiz={item}
        enrollment={enrollment}
        onAnswered={onOutcome}
        navigation={navigation}
        headingRef={headingRef}
      />
    );
  }

  const done = items.filter(isDone).length;
  const nav = <ModuleItemNav items={items} current={current ?? ''} moduleCompleted={module.completed} />;

  return (
    <Container maxWidth="lg" sx={pageContainerSx}>
      <ModuleLessonsHeader module={module} />
      {!module.enrolled && (
        <Alert
          severity="info"
          sx={{ mb: 3, alignItems: 'center' }}
          action={
            <Button
              color="inherit"
              variant="outlined"
              size="small"
              disabled={enrollment.pending}
              onClick={() => void enrollment.ensure()}
            >
              {enrollment.pending ? 'Enrolling…' : 'Enroll'}
            </Button>
          }
        >
          Enroll in this module to track your progress and earn points. Completing a lesson or answering a quiz enrolls
          you too.
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 5 },
          gridTemplateColumns: { xs: '1fr', md: '280px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        {wide ? (
          <Box sx={{ position: 'sticky', top: 88, maxHeight: 'calc(100vh - 104px)', overflowY: 'auto' }}>{nav}</Box>
        ) : (
          <Accordion
            disableGutters
            variant="outlined"
            slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
            sx={{ borderRadius: 3 }}
          >
            <AccordionSummary expandIcon={<ExpandMore />}>
              Contents · {done} of {items.length} done
            </AccordionSummary>
            <AccordionDetails sx={{ pt: 0 }}>{nav}</AccordionDetails>
          </Accordion>
        )}
        <Box sx={{ minWidth: 0 }}>{content}</Box>
      </Box>
    </Container>
  );
}
