import { http, HttpResponse } from 'msw';
import { ModuleLessonsPage } from '@/features/learning/pages/ModuleLessonsPage.tsx';
import { server } from '@test/server.ts';
import { lessons, MODULE_ID } from './fixtures.ts';
import { renderPage } from './render.tsx';

export const LESSONS_URL = `/api/courses/module/${MODULE_ID}/lessons/`;

export function renderLessons(search = '') {
  return renderPage(
    '/courses/module/:moduleId/lessons',
    <ModuleLessonsPage />,
    `/courses/module/${MODULE_ID}/lessons${search}`,
  );
}

/** Serves the lessons from a mutable value, counting requests. */
export function serveLessons(initial = lessons()) {
  const state = { data: initial, calls: 0 };
  server.use(
    http.get(LESSONS_URL, () => {
      state.calls += 1;
      return HttpResponse.json(state.data);
    }),
  );
  return state;
}
