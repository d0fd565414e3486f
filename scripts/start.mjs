// `npm start`: builds the web app when it is missing or stale, then runs the API server,
// which migrates, seeds the demo learner and serves the web app and the API on one port.
import { spawn } from 'node:child_process';
import { ensureWebBuild, root, webBuildIsStale } from './web-build.mjs';

if (webBuildIsStale()) {
  console.log('Building the web app…');
  try {
    ensureWebBuild();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' ? 130 : 143));
});
