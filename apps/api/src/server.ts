// Decision 0001: the API and the CLI run from source with tsx; only the web app is built.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { formatProblems } from '@bastion/content';
import { auditLogExposure, migrateDatabase, openDatabase, redactUrl, useServerRole } from '@bastion/db';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { appUrlMismatch, ConfigError, loadConfig, paymentsNotice } from './config.ts';
import { printableError } from './lib/database-errors.ts';
import { loadEnvFile } from './lib/env-file.ts';
import { createFilesPrivately, dataDirPrivacyWarnings, makeDataDirPrivate } from './lib/private-data-dir.ts';
import { DataDirBusyError, lockDataDirForServer, shareDatabase } from './lib/shared-database.ts';
import { seedDemo } from './features/accounts/users.service.ts';
import { seedDemoCoupons } from './features/coupons/coupons.operator.ts';
import { importAs } from './features/content/content.operator.ts';
import { ContentProblems, describeImport } from './features/content/import-content.ts';

async function main() {
  createFilesPrivately();
  loadEnvFile();
  const config = loadConfig();
  const privacy = await makeDataDirPrivate(config.dataDir);
  // The embedded database, and the socket it is shared on, belong to one process at a time.
  const embedded = !config.databaseUrl || config.databaseUrl === 'pglite://memory';
  const lock = embedded ? await lockDataDirForServer(config.dataDir, config.dataDirLockTimeoutSeconds) : null;
  const database = await openDatabase({
    url: config.databaseUrl,
    ownerUrl: config.databaseOwnerUrl,
    dataDir: config.dataDir,
  });
  await migrateDatabase(database);
  // Migrated by the owner, the server works as a role that cannot rewrite the audit log (decision 0187).
  await useServerRole(database);
  // PGlite leaves some of the files it creates or rewrites while opening open to everyone.
  if (database.pglite) await makeDataDirPrivate(config.dataDir);
  // The embedded database allows one process: share it so the operator CLI works while the server runs.
  const shared = database.pglite ? await shareDatabase(database.pglite, config.dataDir) : null;

  // Curriculum import: runs here, after migrations and before the server listens.
  const imported = await importAs(database.db, 'server', { format: 'content', dir: config.contentDir })
    .then(({ summary, refused }) => {
      if (refused) throw refused;
      return summary;
    })
    .catch(async (error: unknown) => {
      await shared?.stop();
      await database.close();
      await lock?.release();
      throw error;
    });
  const shown = shownDir(config.contentDir);
  process.stdout.write(`Content imported from ${shown}/: ${describeImport(imported)}\n`);
  if (imported.warnings.length > 0) {
    const count = `${imported.warnings.length} warning${imported.warnings.length === 1 ? '' : 's'}`;
    process.stdout.write(`${count}: the console's Content page lists them, as does \`content validate ${shown}\`\n`);
  }

  const demo = config.seedDemo ? await seedDemo(database.db) : null;
  if (demo) await seedDemoCoupons(database.db);

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2, commandTimeout: 1_000 })
    : null;
  const app = await buildApp({ config, database, redis });
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await shared?.stop();
    await app.close();
    await database.close();
    await lock?.release();
    redis?.disconnect();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`database: ${config.databaseUrl ? redactUrl(config.databaseUrl) : `PGlite in ${config.dataDir}/db`}`);
  const address = app.server.address() as AddressInfo;
  const mismatch = appUrlMismatch(config.appUrl, address);
  if (mismatch) app.log.warn(mismatch);
  const payments = paymentsNotice(config);
  if (payments) app.log.warn(payments);
  const exposure = await auditLogExposure(database.db);
  if (exposure && (config.env === 'production' || config.databaseOwnerUrl)) app.log.warn(exposure);
  for (const warning of dataDirPrivacyWarnings(privacy)) app.log.warn(warning);
  announce(listenUrl(address), demo);
}

/** A folder as the operator named it: relative to the working directory when inside it, else absolute. */
function shownDir(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative.startsWith('..') || path.isAbsolute(relative) ? dir : relative || '.';
}

/** The configured content folder, for messages (the configuration loaded before the import). */
function contentDirForMessages(): string {
  return shownDir(loadConfig().contentDir);
}

function listenUrl(address: AddressInfo): string {
  const local = ['127.0.0.1', '0.0.0.0', '::', '::1'].includes(address.address);
  const host = local ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

function announce(url: string, demo: { username: string; password: string } | null) {
  const lines = [`Bastion is running at ${url}`];
  if (demo) lines.push(`Demo login: username "${demo.username}", password "${demo.password}"`);
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ContentProblems) {
    const dir = contentDirForMessages();
    console.error(`The server did not start: the content in ${dir}/ has ${error.problems.length} problem(s).`);
    console.error(formatProblems(error.problems, dir).join('\n'));
    process.exit(1);
  }
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
    process.exit(2);
  }
  // Never the error as it is: a failed query's carries its statement and every value it was given.
  console.error(printableError(error));
  process.exit(1);
});
