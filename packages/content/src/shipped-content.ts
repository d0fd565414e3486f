import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Content } from './content.model.ts';
import { loadContent } from './load-content.ts';

/** The repository this code runs from (packages/content/src → three levels up). */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The shipped curriculum, imported at every start. */
export const shippedContentDir = path.join(repositoryRoot, 'content');

/** The shipped curriculum, loaded; throws on its first problem (`content validate` lists them all). */
export async function shippedContent(): Promise<Content> {
  const { content, problems } = await loadContent(shippedContentDir, { strict: true });
  if (problems.length > 0) throw new Error(`The shipped content has problems: ${problems[0]!.message}`);
  return content;
}
