import { pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';

const pbkdf2Async = promisify(pbkdf2);

interface AltchaChallenge {
  parameters: { algorithm: string; nonce: string; salt: string; cost: number; keyLength?: number; keyPrefix: string };
  signature: string;
}

const DIGESTS: Record<string, string> = {
  'PBKDF2/SHA-256': 'sha256',
  'PBKDF2/SHA-384': 'sha384',
  'PBKDF2/SHA-512': 'sha512',
};

/** Solves the server's ALTCHA challenge as the widget does (see e2e/support/accounts.ts). */
async function solveCaptcha(base: string): Promise<string> {
  const challenge = (await (await fetch(`${base}/api/captcha/challenge/`)).json()) as AltchaChallenge;
  const { algorithm, nonce, salt, cost, keyLength = 32, keyPrefix } = challenge.parameters;
  const digest = DIGESTS[algorithm];
  if (!digest) throw new Error(`Unsupported captcha algorithm ${algorithm}`);
  const nonceBytes = Buffer.from(nonce, 'hex');
  for (let counter = 0; counter < 1_000_000; counter++) {
    const password = Buffer.alloc(nonceBytes.length + 4);
    nonceBytes.copy(password);
    password.writeUInt32BE(counter, nonceBytes.length);
    const key = (await pbkdf2Async(password, Buffer.from(salt, 'hex'), cost, keyLength, digest)).toString('hex');
    if (key.startsWith(keyPrefix.toLowerCase())) {
      const payload = {
        challenge: { parameters: challenge.parameters, signature: challenge.signature },
        solution: { counter, derivedKey: key },
      };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('The captcha challenge was not solved.');
}

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
): Promise<{ path: string; prompt: string; title: string }> {
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
    const content = await call<{ user: string; hostname: string }>(`/api/courses/quiz/${quiz.id}/terminal_content/`);
    return {
      path: `/courses/module/${module.id}/lessons?item=${quiz.id}`,
      prompt: `${content.user}@${content.hostname}`,
      title: quiz.title,
    };
  }
  throw new Error(`No quiz with a terminal${choice.quiz ? ` titled ${choice.quiz}` : ''} in ${course.title}.`);
}
