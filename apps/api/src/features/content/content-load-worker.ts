import { parentPort, workerData } from 'node:worker_threads';
import { checkContent } from '@bastion/content';
import type { LoadRequest } from './content-loader.ts';

/** Runs in a worker thread (content-loader.ts): reads and checks one folder, and sends back what it found. */
const request = workerData as LoadRequest;
parentPort!.postMessage(await checkContent(request.dir, { strict: request.strict }));
