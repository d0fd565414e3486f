import { solveCaptcha } from '@bastion/test-kit';

/** The seeded demo learner's tokens. */
export async function signInDemo(base: string): Promise<{ access: string; refresh: string }> {
  const response = await fetch(`${base}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'bastion-demo-2026', recaptchaToken: await solveCaptcha(base) }),
  });
  if (response.status !== 200) throw new Error(`login: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as { access: string; refresh: string };
}

/** Which lab quiz to open: by its course's and its own title; without one, the first of the first course. */
export interface QuizChoice {
  course?: string;
  quiz?: string;
}

/** A terminal quiz, with what its lab's prompt starts with. */
export async function terminalQuiz(
  base: string,
  access: string,
  choice: QuizChoice = {},
): Promise<{ path: string; prompt: string; title: string; tools: string[] }> {
  const call = async <T>(pathname: string, method = 'GET'): Promise<T> => {
    const response = await fetch(`${base}${pathname}`, { method, headers: { authorization: `Bearer ${access}` } });
    return (await response.json()) as T;
  };
  type Course = { id: string; title: string };
  const listed = await call<Course[] | { results: Course[] }>('/api/courses/course_list/');
  const courses = Array.isArray(listed) ? listed : listed.results;
  const course = choice.course ? courses.find((c) => c.title === choice.course) : courses[0];
  if (!course) throw new Error(`No course titled ${choice.course}.`);
  await call(`/api/courses/enroll_course/${course.id}/`, 'POST');
  const { modules } = await call<{ modules: { id: string }[] }>(`/api/courses/course/${course.id}/modules/`);
  for (const module of modules) {
    const { items } = await call<{ items: { id: string; type: string; title: string; has_terminal?: boolean }[] }>(
      `/api/courses/module/${module.id}/lessons/`,
    );
    const quiz = items.find(
      (item) => item.type === 'quiz' && item.has_terminal && (!choice.quiz || item.title === choice.quiz),
    );
    if (!quiz) continue;
    const content = await call<{ user: string; hostname: string; tools: string[] }>(
      `/api/courses/quiz/${quiz.id}/terminal_content/`,
    );
    return {
      path: `/courses/module/${module.id}/lessons?item=${quiz.id}`,
      prompt: `${content.user}@${content.hostname}`,
      title: quiz.title,
      tools: content.tools,
    };
  }
  throw new Error(`No quiz with a terminal${choice.quiz ? ` titled ${choice.quiz}` : ''} in ${course.title}.`);
}
