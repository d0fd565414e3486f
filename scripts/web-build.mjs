// Builds the web app when apps/web/dist is missing or older than any of its sources.
// Used by `npm start` and by the end-to-end suite.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webBuild = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  // The build of the public pages' renderer.
  'apps/web/build',
  'packages/contract/src',
  'packages/labs/src',
  // The lab's image files are copied into the build under hashed names.
  'labs/image',
].map((p) => path.join(root, p));

/** Newest modification time of the files under the given paths (0 when none exist). */
function newestMtime(paths) {
  let newest = 0;
  for (const p of paths) {
    if (!existsSync(p)) continue;
    const stat = statSync(p);
    newest = stat.isDirectory()
      ? Math.max(newest, newestMtime(readdirSync(p).map((name) => path.join(p, name))))
      : Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

export function webBuildIsStale() {
  if (!existsSync(webBuild)) return true;
  return newestMtime(webSources) > statSync(webBuild).mtimeMs;
}

/** Builds when stale; throws when the build fails. */
export function ensureWebBuild({ stdio = 'inherit' } = {}) {
  if (!webBuildIsStale()) return false;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Always a production build: Vite keeps an inherited NODE_ENV (vitest sets `test`), and anything but
  // `production` bundles React's development build, about 60% more JavaScript.
  const env = { ...process.env, NODE_ENV: 'production' };
  const build = spawnSync(npm, ['run', 'build', '-w', '@bastion/web'], { cwd: root, stdio, env, encoding: 'utf8' });
  if (build.status !== 0) {
    const output = typeof build.stdout === 'string' ? `\n${build.stdout}\n${build.stderr}` : '';
    throw new Error(`The web app build failed (npm run build -w @bastion/web).${output}`);
  }
  return true;
}
