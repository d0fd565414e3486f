import path from 'node:path';
import { contentFixturesDir } from '@bastion/content/testing';
import { loadConfig, type Config } from '../src/config.ts';

/**
 * The configuration of the tests' app and in-process CLI commands, with `env` on top. The content folder is a
 * small valid one, so that the console's dry run and import are quick wherever the tests walk every route.
 */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'info',
    APP_URL: 'http://bastion.test',
    WEB_DIST: path.join(dataDir, 'no-web'),
    CONTENT_DIR: path.join(contentFixturesDir, 'valid'),
    ...env,
  });
}
