import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '@bastion/db';
import { bundleApiProcesses, type ProcessBundle } from './process-bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    apiProcesses: ProcessBundle;
  }
}

/**
 * Bundles the CLI and the server for the tests that run them as processes, and migrates one template database per
 * run; each test file then starts from a copy of it (a PGlite data-directory dump, or CREATE DATABASE … TEMPLATE on
 * PostgreSQL).
 */
export default async function setup(project: TestProject) {
  // Inside the repository, so that the bundles find its node_modules.
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const cache = path.join(repoRoot, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  const bundleDir = await mkdtemp(path.join(cache, 'bastion-api-processes-'));
  project.provide('apiProcesses', await bundleApiProcesses(repoRoot, bundleDir));
  const teardown = await setupTemplate(project);
  return async () => {
    await teardown();
    await rm(bundleDir, { recursive: true, force: true });
  };
}

async function setupTemplate(project: TestProject): Promise<() => Promise<void>> {
  // Project env reaches the test workers, not this process: read it from the project's config.
  const kind = project.config.env?.TEST_DB ?? process.env.TEST_DB ?? 'pglite';
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL suite');
    const template = `bastion_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const database = await openDatabase({ url: withDatabase(url, template), poolSize: 2 });
    await migrateDatabase(database);
    await database.close();
    project.provide('postgresTemplate', template);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bastion-tpl-'));
  const database = await openDatabase({ url: 'pglite://memory' });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}
