import { existsSync } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteDatabaseUrl, testDbKind } from '../../test/database.ts';
import { runCli, startServer, type RunningServer } from '../../test/processes.ts';
import { asTestServerRole, ensureTestServerRole } from '../../test/server-role.ts';
import { findSharedDatabase } from '../lib/shared-database.ts';
import type { UserSummary } from '../features/accounts/users.service.ts';

const PASSWORD = 'a-long-operator-password';
/** Several CLI processes (tsx, PGlite and its migrations each): over 90 s on a host whose system calls are slow. */
const SLOW = 300_000;

/** A DATA_DIR as an operator's `mkdir` under umask 022 leaves it, with a file anyone may write. */
async function openDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dataDir, 0o755);
  await mkdir(path.join(dataDir, 'media'), { mode: 0o755 });
  await writeFile(path.join(dataDir, 'media', 'note.txt'), 'x', { mode: 0o666 });
  await chmod(path.join(dataDir, 'media', 'note.txt'), 0o666);
  return dataDir;
}

/** Whatever in DATA_DIR (links aside) its group or other users may read, write or enter. */
async function openToOthers(dataDir: string): Promise<string[]> {
  const names = ['.', ...(await readdir(dataDir, { recursive: true }))];
  const open: string[] = [];
  for (const name of names) {
    const entry = await lstat(path.join(dataDir, name)).catch(() => null);
    if (entry && !entry.isSymbolicLink() && (entry.mode & 0o077) !== 0) open.push(name);
  }
  return open;
}

// The API suite runs once per database: its PostgreSQL run checks the CLI on DATABASE_URL,
// its PGlite run the two embedded modes (DATA_DIR opened directly, and through a running server).
if (testDbKind === 'postgres') postgresSuite();
else embeddedSuites();

function postgresSuite() {
  describe('the operator CLI on PostgreSQL (DATABASE_URL)', () => {
    const databaseUrl = suiteDatabaseUrl('bastion_cli');

    it(
      'creates and verifies a user in that database',
      async () => {
        const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-cli-pg-'));
        const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
        const created = await runCli(
          ['user', 'create', 'pguser', '--email', 'pg@example.com', '--password', PASSWORD],
          env,
        );
        expect(created.stderr).toBe('');
        expect(created.json<UserSummary>()).toMatchObject({ username: 'pguser', is_verified: false });
        expect((await runCli(['user', 'verify', 'pguser'], env)).json<UserSummary>().is_verified).toBe(true);
        const database = new pg.Client({ connectionString: databaseUrl });
        await database.connect();
        const { rows } = await database.query(`select is_verified from users where username = 'pguser'`);
        await database.end();
        expect(rows).toEqual([{ is_verified: true }]);
      },
      SLOW,
    );

    it(
      "migrates through DATABASE_OWNER_URL and works as DATABASE_URL's role, which cannot rewrite the audit log",
      async () => {
        await ensureTestServerRole(process.env.TEST_DATABASE_URL!);
        const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-cli-roles-'));
        const serverRole = asTestServerRole(databaseUrl);
        const env = { DATABASE_URL: serverRole, DATABASE_OWNER_URL: databaseUrl, DATA_DIR: dataDir };
        const migrated = await runCli(['migrate'], env);
        expect(migrated.stderr).toBe('');
        expect(migrated.json()).toEqual({ migrated: true });
        expect((await runCli(['user', 'grant-premium', 'pguser'], env)).code).toBe(0);
        const verified = await runCli(['audit', 'verify'], env);
        expect(verified.code).toBe(0);
        expect(verified.json()).toMatchObject({ intact: true, head: { seq: expect.any(Number) } });

        const asServer = new pg.Client({ connectionString: serverRole });
        await asServer.connect();
        const refusal = (statement: string) =>
          asServer.query(statement).then(
            () => 'allowed',
            (error: Error) => error.message,
          );
        expect(await refusal('alter table audit_log disable trigger audit_log_no_update')).toMatch(/must be owner/);
        expect(await refusal("update audit_log set action = 'forged'")).toMatch(/permission denied/);
        await asServer.end();

        // Rewritten by the owner with the triggers off, the log no longer verifies.
        const owner = new pg.Client({ connectionString: databaseUrl });
        await owner.connect();
        await owner.query(
          "begin; set local session_replication_role = replica; update audit_log set target_label = 'forged' where seq = 1; commit",
        );
        await owner.end();
        const broken = await runCli(['audit', 'verify'], env);
        expect(broken.code).toBe(1);
        expect(broken.stderr).toMatch(/^The audit log does not verify: row 1 \(id [0-9a-f-]{36}, .*\) does not match/);
      },
      SLOW,
    );
  });
}

function embeddedSuites() {
  describe('the operator CLI on a stopped DATA_DIR', () => {
    let dataDir: string;
    let env: Record<string, string>;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-cli-'));
      env = { DATA_DIR: dataDir };
    });
    afterAll(() => rm(dataDir, { recursive: true, force: true }));

    it(
      'creates, verifies and changes a user, printing JSON',
      async () => {
        const created = await runCli(
          ['user', 'create', 'Operator', '--email', 'op@example.com', '--password', PASSWORD, '--country', 'gb'],
          env,
        );
        expect(created.stderr).toBe('');
        expect(created.code).toBe(0);
        expect(created.json<UserSummary>()).toMatchObject({
          username: 'operator',
          email: 'op@example.com',
          is_verified: false,
          is_staff: false,
          is_premium: false,
        });

        const verified = await runCli(['user', 'verify', 'operator'], env);
        expect(verified.json<UserSummary>().is_verified).toBe(true);

        const premium = await runCli(['user', 'grant-premium', 'operator', '--days', '30'], env);
        const until = new Date(premium.json<UserSummary>().premium_until!).getTime();
        expect(premium.json<UserSummary>().is_premium).toBe(true);
        expect(Math.abs(until - (Date.now() + 30 * 86_400_000))).toBeLessThan(120_000);

        const revoked = await runCli(['user', 'revoke-premium', 'operator'], env);
        expect(revoked.json<UserSummary>()).toMatchObject({ is_premium: false, premium_until: null });

        expect((await runCli(['user', 'set-staff', 'operator'], env)).json<UserSummary>().is_staff).toBe(true);
        // The only staff account keeps its status (the console's rule, the same service).
        const demoted = await runCli(['user', 'set-staff', 'operator', '--off'], env);
        expect(demoted.code).toBe(1);
        expect(demoted.stderr).toContain('error: This is the last staff account: make someone else staff first.');

        expect((await runCli(['feedback', 'list'], env)).json()).toEqual([]);
        expect((await runCli(['contact', 'list', '--limit', '5'], env)).json()).toEqual([]);
      },
      SLOW,
    );

    it(
      'reads the password from stdin with --password-stdin',
      async () => {
        const args = ['user', 'create', 'piped', '--email', 'piped@example.com', '--password-stdin', '--verified'];
        const result = await runCli(args, env, `${PASSWORD}\n`);
        expect(result.code).toBe(0);
        expect(result.json<UserSummary>()).toMatchObject({ username: 'piped', is_verified: true });
      },
      SLOW,
    );

    it(
      'exits non-zero with one line on stderr when a command fails',
      async () => {
        const unknownUser = await runCli(['user', 'verify', 'nobody'], env);
        expect(unknownUser.code).toBe(1);
        expect(unknownUser.stdout).toBe('');
        expect(unknownUser.stderr.trim().split('\n')).toHaveLength(1);
        expect(unknownUser.stderr).toMatch(/^error: No user named "nobody"/);

        const weak = await runCli(
          ['user', 'create', 'shorty', '--email', 'short@example.com', '--password', 'short'],
          env,
        );
        expect(weak.code).toBe(1);
        expect(weak.stderr).toMatch(/^error: .*password/);

        const badDays = await runCli(['user', 'grant-premium', 'operator', '--days', 'soon'], env);
        expect(badDays.code).toBe(2);
        expect(badDays.stderr).toMatch(/--days must be a positive whole number/);

        const unknownOption = await runCli(['user', 'verify', 'operator', '--force'], env);
        expect(unknownOption.code).toBe(2);
        expect(unknownOption.stderr).toMatch(/usage: npm run cli -- user verify <username>/);

        const unknownCommand = await runCli(['user', 'frobnicate'], env);
        expect(unknownCommand.code).toBe(2);
        expect(unknownCommand.stderr).toMatch(/unknown command/);

        const badConfig = await runCli(['migrate'], { ...env, DATABASE_URL: 'mysql://nope' });
        expect(badConfig.code).toBe(1);
        expect(badConfig.stderr.trim().split('\n')).toHaveLength(1);
        expect(badConfig.stderr).toMatch(/DATABASE_URL/);
      },
      SLOW,
    );

    it('lists every command with --help', async () => {
      const help = await runCli(['--help'], env);
      expect(help.code).toBe(0);
      for (const name of [
        'migrate',
        'user create',
        'user grant-premium',
        'user set-staff',
        'feedback list',
        'contact list',
        'audit verify',
      ]) {
        expect(help.stdout).toContain(name);
      }
      const one = await runCli(['user', 'grant-premium', '--help'], env);
      expect(one.code).toBe(0);
      expect(one.stdout).toContain('--days N');
    });
  });

  describe('a DATA_DIR that other users could read', () => {
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await openDataDir('bastion-cli-open-');
    });
    afterAll(() => rm(dataDir, { recursive: true, force: true }));

    it(
      'is made private to the user by the CLI, which says what it changed',
      async () => {
        const migrated = await runCli(['migrate'], { DATA_DIR: dataDir });
        expect(migrated.code).toBe(0);
        expect(migrated.stderr).toMatch(/^warning: DATA_DIR .* was open to other users of this machine: 3 folder/);
        expect(await openToOthers(dataDir)).toEqual([]);
        // Now private, the next command has nothing to say.
        expect((await runCli(['feedback', 'list'], { DATA_DIR: dataDir })).stderr).toBe('');
        expect(await openToOthers(dataDir)).toEqual([]);
      },
      SLOW,
    );
  });

  describe('the operator CLI while the server runs on the embedded database', () => {
    let dataDir: string;
    let server: RunningServer;
    beforeAll(async () => {
      dataDir = await openDataDir('bastion-cli-live-');
      server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'on' });
    }, SLOW);
    afterAll(async () => {
      await server?.stop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it("has made DATA_DIR and its database private to the server's user, and said so", async () => {
      expect(await openToOthers(dataDir)).toEqual([]);
      expect(server.output()).toMatch(/DATA_DIR .* was open to other users of this machine/);
    });

    it(
      'refuses to start a second server on the same DATA_DIR',
      async () => {
        const second = await startServer({ DATA_DIR: dataDir }).catch((error: Error) => error);
        expect(second).toBeInstanceOf(Error);
        expect((second as Error).message).toMatch(/Another server is already running/);
      },
      SLOW,
    );

    it(
      'works through the server, whose database then holds the changes',
      async () => {
        const env = { DATA_DIR: dataDir };
        expect(existsSync(path.join(dataDir, 'server.json'))).toBe(true);

        // The demo learner was seeded by the running server: the CLI sees the server's database.
        const demo = await runCli(['user', 'set-staff', 'demo'], env);
        expect(demo.stderr).toBe('');
        expect(demo.json<UserSummary>()).toMatchObject({ username: 'demo', is_verified: true, is_staff: true });

        const created = await runCli(
          ['user', 'create', 'live', '--email', 'live@example.com', '--password', PASSWORD],
          env,
        );
        expect(created.code).toBe(0);
        const [again, migrated] = await Promise.all([
          runCli(['user', 'create', 'live', '--email', 'live2@example.com', '--password', PASSWORD], env),
          runCli(['migrate'], env),
        ]);
        expect(again.code).toBe(1);
        expect(again.stderr).toMatch(/already taken/);
        expect(migrated.json()).toEqual({ migrated: true });

        expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);

        // The commands above ran in the server's role, as the server does: it cannot rewrite the audit log.
        const verified = await runCli(['audit', 'verify'], env);
        expect(verified.code).toBe(0);
        expect(verified.json()).toMatchObject({ intact: true, rows: expect.any(Number) });
        const shared = new pg.Client({ connectionString: (await findSharedDatabase(dataDir))! });
        await shared.connect();
        expect((await shared.query('select current_user')).rows).toEqual([{ current_user: 'bastion_server' }]);
        const altered = await shared
          .query('alter table audit_log disable trigger audit_log_no_update')
          .catch((error: Error) => error);
        expect(String(altered)).toMatch(/must be owner of table audit_log/);
        await shared.end();

        // Stopped, the server removes its address file and the CLI opens DATA_DIR itself, finding the user.
        expect(await server.stop()).toBe(0);
        expect(existsSync(path.join(dataDir, 'server.json'))).toBe(false);
        const after = await runCli(['user', 'verify', 'live'], env);
        expect(after.code).toBe(0);
        expect(after.json<UserSummary>()).toMatchObject({ username: 'live', is_verified: true });
      },
      SLOW,
    );
  });
}
