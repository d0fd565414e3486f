import pg from 'pg';

/**
 * On PostgreSQL, the server's role of decision 0187: a login role that owns nothing, which migrateDatabase (through
 * DATABASE_OWNER_URL) grants its rights in each database. Roles belong to the cluster: this one is created once,
 * by whichever test run first needs it, and kept (as CI's `bastion` is).
 */
export const TEST_SERVER_ROLE = 'bastion_test_server';

/** Creates the role when missing, with TEST_DATABASE_URL's superuser; runs started together may both try. */
export async function ensureTestServerRole(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create role ${TEST_SERVER_ROLE} login password '${TEST_SERVER_ROLE}'`);
  } catch (error) {
    // 42710: it exists; 23505: another run created it at the same moment.
    const code = (error as { code?: string }).code;
    if (code !== '42710' && code !== '23505') throw error;
  } finally {
    await admin.end();
  }
}

/** `url` (a test database's) connecting as the server's role. */
export function asTestServerRole(url: string): string {
  const target = new URL(url);
  target.username = TEST_SERVER_ROLE;
  target.password = TEST_SERVER_ROLE;
  return target.toString();
}
