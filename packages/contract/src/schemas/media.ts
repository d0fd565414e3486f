import { z } from 'zod';
import { idParam, pathParam } from './common.ts';

/** `/media/avatars/{file}` and `/media/content/{file}`: the server matches the name; any other is a 404. */
export const mediaFileParams = z.object({ file: pathParam() });

/** `/media/attachments/{id}/{name}`: the id is a UUID; the server judges the download name. */
export const attachmentParams = z.object({ id: idParam, name: pathParam() });
