import type { Tokens } from './accounts.ts';
import { url } from './server.ts';

interface Course {
  id: string;
  slug: string;
  title: string;
}
interface Module {
  id: string;
  slug: string;
  title: string;
  access: 'free' | 'premium';
  enrolled: boolean;
  locked: boolean;
}
export type Item =
  | { type: 'lesson'; id: string; title: string; completed: boolean }
  | { type: 'quiz'; id: string; title: string; solved: boolean };

/** The learning API as a signed-in learner, for the steps a spec does not take through the page. */
export function learningApi(tokens: Tokens) {
  const call = async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
    const response = await fetch(url(pathname), {
      method,
      headers: { authorization: `Bearer ${tokens.access}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${pathname}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    async course(slug: string): Promise<Course> {
      const courses = await call<Course[]>('GET', '/api/courses/course_list/');
      const course = courses.find((c) => c.slug === slug);
      if (!course) throw new Error(`No course ${slug}`);
      return course;
    },
    async modules(courseId: string): Promise<Module[]> {
      return (await call<{ modules: Module[] }>('GET', `/api/courses/course/${courseId}/modules/`)).modules;
    },
    async items(moduleId: string): Promise<Item[]> {
      return (await call<{ items: Item[] }>('GET', `/api/courses/module/${moduleId}/lessons/`)).items;
    },
    enrollCourse: (courseId: string) => call('POST', `/api/courses/enroll_course/${courseId}/`),
    completeLesson: (lessonId: string) => call('POST', `/api/courses/lesson/${lessonId}/complete/`),
    answerQuiz: (quizId: string, answer: string) =>
      call<{ correct: boolean }>('POST', `/api/courses/quiz/${quizId}/submit_answer/`, { answer }),
  };
}

/**
 * Enrolls the learner in the course `courseSlug` and finds the quiz titled `title` (the first quiz without one) in its
 * first module: its id, title, module and the page it is on.
 */
export async function firstModuleQuiz(
  tokens: Tokens,
  courseSlug: string,
  title?: string,
): Promise<{ id: string; title: string; moduleId: string; path: string }> {
  const api = learningApi(tokens);
  const course = await api.course(courseSlug);
  await api.enrollCourse(course.id);
  const [first] = await api.modules(course.id);
  const quiz = (await api.items(first!.id)).find((item) => item.type === 'quiz' && (!title || item.title === title));
  if (!quiz) throw new Error(`No quiz ${title ?? ''} in the first module of ${courseSlug}`);
  const path = `/courses/module/${first!.id}/lessons?item=${quiz.id}`;
  return { id: quiz.id, title: quiz.title, moduleId: first!.id, path };
}
