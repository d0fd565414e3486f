import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  navbarResponse,
  profilePatchBody,
  profileResponse,
  publicProfileSettings,
  publicProfileSettingsPatch,
} from '@bastion/contract';
import { currentUser } from '../../plugins/auth.ts';
import { AppError, ValidationFailed } from '../../lib/errors.ts';
import { AVATAR_MAX_BYTES } from '../media/avatar-image.ts';
import { createProfileService, PROFILE_MESSAGES, type ProfileService } from './profile.service.ts';

const secured = { tags: ['profile'], security: [{ bearer: [] }] };

/** The learner's own profile, photo, public-profile settings and navbar summary. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = createProfileService({ db: app.db, clock: app.clock, changes: app.learnerChanges });

  app.get(
    '/api/users/profile/',
    { preHandler: app.authenticate, schema: { ...secured, response: { 200: profileResponse } } },
    async (request) => profiles.getProfile(currentUser(request).userId),
  );

  // Polled by every signed-in page: outside the scope below, whose multipart hooks (three promises a
  // request) a request without a body has no use for.
  app.get(
    '/api/navbar/',
    { preHandler: app.authenticate, schema: { ...secured, tags: ['navbar'], response: { 200: navbarResponse } } },
    (request) => profiles.navbar(currentUser(request).userId),
  );

  await app.register(profileChangeRoutes(profiles));
};

/** The routes that take a body: multipart is registered for them only; no other route accepts multipart bodies. */
const profileChangeRoutes =
  (profiles: ProfileService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 100 },
    });

    app.patch(
      '/api/users/profile/',
      {
        preHandler: app.authenticate,
        schema: { ...secured, body: profilePatchBody, response: { 200: profileResponse } },
      },
      async (request) => profiles.updateProfile(currentUser(request).userId, request.body),
    );

    app.post(
      '/api/users/profile/photo/',
      {
        preHandler: app.authenticate,
        schema: { ...secured, consumes: ['multipart/form-data'], response: { 200: profileResponse } },
      },
      async (request) => {
        const { userId } = currentUser(request);
        return profiles.replacePhoto(userId, await readPhoto(request));
      },
    );

    app.delete(
      '/api/users/profile/photo/',
      { preHandler: app.authenticate, schema: { ...secured, response: { 200: profileResponse } } },
      async (request) => profiles.removePhoto(currentUser(request).userId),
    );

    app.patch(
      '/api/users/profile/update-public/',
      {
        preHandler: app.authenticate,
        schema: { ...secured, body: publicProfileSettingsPatch, response: { 200: publicProfileSettings } },
      },
      async (request) => profiles.updatePublicSettings(currentUser(request).userId, request.body),
    );
  };

/** The bytes of the multipart field `photo`; size and shape problems become the contract's 413 and 400. */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ValidationFailed({ photo: [PROFILE_MESSAGES.photoRequired] });
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'photo') throw new ValidationFailed({ photo: [PROFILE_MESSAGES.photoRequired] });
    const bytes = await file.toBuffer();
    // toBuffer throws for a file cut at the limit only when a piece arrives after the cut: when the body's pieces
    // break exactly at 2 MB, the file ends cut and whole-looking. The stream's own flag says so either way.
    if (file.file.truncated) throw tooLarge();
    if (bytes.length === 0) throw new ValidationFailed({ photo: [PROFILE_MESSAGES.photoRequired] });
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { statusCode, code } = error as { statusCode?: number; code?: string };
    if (statusCode === 413 || code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Anything else here is a malformed multipart body sent by the client.
    throw new ValidationFailed({ photo: [PROFILE_MESSAGES.photoRequired] });
  }
}

const tooLarge = () => new AppError(413, { photo: [PROFILE_MESSAGES.photoTooLarge] });
