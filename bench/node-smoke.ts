// Proof that the product runs on a Node other than the machine's: `.ci/run` runs this with Node 22 (Node 20 is past
// its end of life). It starts the production server on a new embedded database (the migrations and the shipped
// curriculum), fetches the home page, signs the seeded demo learner in and reads the navbar with that session.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signInDemo } from './lab-sign-in.ts';
import { startProductionServer } from './production-server.ts';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-node-smoke-'));
const {
  url,
  process: server,
  output,
} = await startProductionServer(dataDir, {
  SEED_DEMO: 'true',
  JWT_SECRET: 'node-smoke-secret-0123456789abcdef0123',
});
try {
  const home = await fetch(`${url}/`);
  const html = await home.text();
  if (home.status !== 200 || !html.includes('<div id="root">')) throw new Error(`GET /: HTTP ${home.status}`);
  const tokens = await signInDemo(url);
  const navbar = await fetch(`${url}/api/navbar/`, { headers: { authorization: `Bearer ${tokens.access}` } });
  if (navbar.status !== 200) throw new Error(`GET /api/navbar/: HTTP ${navbar.status} ${await navbar.text()}`);
  process.stdout.write(`Node ${process.version}: the server started, served the home page and signed a learner in\n`);
} catch (error) {
  process.stdout.write(output());
  throw error;
} finally {
  server.kill();
  await rm(dataDir, { recursive: true, force: true });
}
