import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markNotificationReadBody,
  notificationItem,
  notificationList,
  notificationParams,
  notificationsReadResponse,
  paged,
  pageQuery,
} from '@bastion/contract';
import { serialisedOnce } from '../../lib/serializer.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createNotificationsService } from './notifications.service.ts';

const secured = { tags: ['notifications'], security: [{ bearer: [] }] };

/** The learner's notifications: the menu's newest, the paged list, one, and marking them read. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = createNotificationsService({ db: app.db, changes: app.learnerChanges });
  const sendMenu = serialisedOnce();

  app.get(
    '/api/notifications/list/',
    { preHandler: app.authenticate, schema: { ...secured, response: { 200: notificationList } } },
    (request, reply) => sendMenu(reply, notifications.newest(currentUser(request).userId)),
  );

  app.get(
    '/api/notifications/all-notifications/',
    {
      preHandler: app.authenticate,
      schema: { ...secured, querystring: pageQuery, response: { 200: paged(notificationItem) } },
    },
    async (request) => notifications.page(currentUser(request).userId, request.query, request.url),
  );

  app.get(
    '/api/notifications/detail/:uuid/',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: notificationParams, response: { 200: notificationItem } },
    },
    async (request) => notifications.detail(currentUser(request).userId, request.params.uuid),
  );

  app.post(
    '/api/notifications/mark-as-read/',
    {
      preHandler: app.authenticate,
      schema: { ...secured, body: markNotificationReadBody, response: { 200: notificationsReadResponse } },
    },
    async (request) => notifications.markRead(currentUser(request).userId, request.body.uuid),
  );

  app.post(
    '/api/notifications/mark-all-as-read/',
    { preHandler: app.authenticate, schema: { ...secured, response: { 200: notificationsReadResponse } } },
    async (request) => notifications.markAllRead(currentUser(request).userId),
  );
};
