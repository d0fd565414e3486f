import { existsSync } from 'node:fs';

/**
 * Reads `.env` from the working directory when there is one (Node's own parser). Variables already set in
 * the environment win over the file.
 */
export function loadEnvFile(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
