import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  courseListResponse,
  courseModulesResponse,
  detailResponse,
  idParams,
  LEARNING_MESSAGES,
  lessonCompleteResponse,
  moduleLessonsResponse,
  moduleListQuery,
  moduleListResponse,
  moduleProgressResponse,
  pageQuery,
  quizAnswerBody,
  quizAnswerResponse,
  quizHintResponse,
  shareSeenResponse,
  terminalContentResponse,
} from '@bastion/contract';
import { currentUser } from '../../plugins/auth.ts';
import { createLabSecrets } from '../integrity/lab-secrets.service.ts';
import { createAnswerLog } from '../submissions/answer-log.ts';
import { createCoursesService } from './courses.service.ts';

const secured = { tags: ['learning'], security: [{ bearer: [] }] };

/** Courses, modules, lessons and quizzes (R13), except the public completion records and certificates. */
export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  const labSecrets = createLabSecrets({ db: app.db, clock: app.clock, key: app.config.labSecretKey });
  const answerLog = createAnswerLog({ db: app.db, clock: app.clock, key: app.config.labSecretKey, labSecrets });
  const courses = createCoursesService({ db: app.db, clock: app.clock, throttle: app.throttle, labSecrets, answerLog });
  const auth = { preHandler: app.authenticate };

  app.get(
    '/api/courses/course_list/',
    { ...auth, schema: { ...secured, response: { 200: courseListResponse } } },
    async (request) => courses.listCourses(currentUser(request).userId),
  );

  app.get(
    '/api/courses/course/:id/modules/',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: courseModulesResponse } } },
    async (request) => courses.courseModules(currentUser(request).userId, request.params.id),
  );

  app.post(
    '/api/courses/enroll_course/:id/',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: detailResponse, 201: detailResponse } } },
    async (request, reply) => {
      const { created } = await courses.enrollCourse(currentUser(request).userId, request.params.id);
      return reply.code(created ? 201 : 200).send({ detail: LEARNING_MESSAGES.courseEnrolled });
    },
  );

  app.get(
    '/api/courses/module_list/',
    { ...auth, schema: { ...secured, querystring: moduleListQuery, response: { 200: moduleListResponse } } },
    async (request) => courses.listModules(currentUser(request).userId, request.query, request.url),
  );

  app.post(
    '/api/courses/enroll_module/:id/',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: detailResponse, 201: detailResponse } } },
    async (request, reply) => {
      const { created } = await courses.enrollModule(currentUser(request).userId, request.params.id);
      return reply.code(created ? 201 : 200).send({ detail: LEARNING_MESSAGES.moduleEnrolled });
    },
  );

  app.post(
    '/api/courses/module/:id/mark_share_seen/',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: shareSeenResponse } } },
    async (request) => courses.markShareSeen(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/courses/module/:id/lessons/',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: moduleLessonsResponse } } },
    async (request) => courses.moduleLessons(currentUser(request).userId, request.params.id),
  );

  app.post(
    '/api/courses/lesson/:id/complete/',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: lessonCompleteResponse } } },
    async (request) => courses.completeLesson(currentUser(request).userId, request.params.id),
  );

  app.post(
    '/api/courses/quiz/:id/submit_answer/',
    {
      ...auth,
      schema: { ...secured, params: idParams, body: quizAnswerBody, response: { 200: quizAnswerResponse } },
    },
    async (request) =>
      courses.submitAnswer(currentUser(request).userId, request.params.id, request.body.answer, request.ip),
  );

  app.post(
    '/api/courses/quiz/:id/hint/',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: quizHintResponse } } },
    async (request) => courses.quizHint(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/courses/quiz/:id/terminal_content/',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: terminalContentResponse } } },
    async (request) => courses.terminalContent(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/users/module-progress/',
    { ...auth, schema: { ...secured, querystring: pageQuery, response: { 200: moduleProgressResponse } } },
    async (request) => courses.moduleProgress(currentUser(request).userId, request.query, request.url),
  );
};
