import path from 'node:path';
import { loadConfig, type Config } from '../src/config.ts';

/** The configuration of the tests' app and in-process CLI commands, with `env` on top. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'info',
    APP_URL: 'http://bastion.test',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
}
