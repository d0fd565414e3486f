/**
 * The app's floor: `GET /api/health/` (the whole plugin stack, no auth, no database) against a bare Fastify
 * route in the same run. Run: `node --import tsx bench/floor.ts`.
 */
import { formatMeasure, log, measure, measureInRounds, percentOf, runBench, withServers } from './support.ts';

async function main() {
  await runBench('floor', (bench) =>
    withServers(bench.database, async ({ url }, bare) => {
      await measure('warm-up', `${bare.url}/bare`, { connections: 50, seconds: 2 });
      await measure('warm-up', `${url}/api/health/`, { connections: 50, seconds: 2 });
      const [baseline, health] = await measureInRounds([
        { label: 'bare route', url: `${bare.url}/bare`, options: { connections: 50 } },
        { label: 'GET /api/health/', url: `${url}/api/health/`, options: { connections: 50 } },
      ]);
      log(formatMeasure(baseline));
      log(`${formatMeasure(health)}  ${percentOf(health, baseline)} of bare`);
      return true;
    }),
  );
}

await main();
