// A worker thread's entry (content-loader.ts): the loader is TypeScript source, loaded through tsx as the server is.
import { tsImport } from 'tsx/esm/api';

await tsImport('./content-load-worker.ts', import.meta.url);
