import { Worker } from 'node:worker_threads';
import type { ContentRules, LoadedContent } from '@bastion/content';

/** What a worker loads: a content folder, with its checks under the given rules. */
export interface LoadRequest {
  dir: string;
  strict: boolean;
}

/** How an import or a dry run reads its folder: `checkContent` in the caller's thread, or loadInWorker. */
export type ContentLoader = (root: string, rules: Required<ContentRules>) => Promise<LoadedContent>;

const ENTRY = new URL('./content-load-worker.mjs', import.meta.url);
/** Far above what a folder within the content limits needs; a runaway stops its worker, not the server. */
const WORKER_HEAP_MB = 1024;

/**
 * Reads and checks a content folder in a worker thread (decision 0191): parsing YAML and Markdown and the checks
 * across the folder take seconds of CPU for a large folder, which on the server's thread would hold every request,
 * health checks included. The worker ends once it has answered.
 */
export const loadInWorker: ContentLoader = (root, rules) => {
  const request: LoadRequest = { dir: root, strict: rules.strict };
  return new Promise((resolve, reject) => {
    const worker = new Worker(ENTRY, {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let answered = false;
    worker.once('message', (loaded: LoadedContent) => {
      answered = true;
      resolve(loaded);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the content loader's worker stopped with exit code ${code} before answering`));
    });
  });
};
