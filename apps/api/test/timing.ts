/**
 * Median durations of `a` and `b` over `runs` calls each, taken in turn (a, b, a, b, …) so that both meet the same
 * load: measured one series after the other, a machine that got busier in between showed a difference of its own
 * (92 ms under CI's load, where the two take the same time).
 */
export async function medianMsInTurn(
  runs: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  clock: () => number = () => performance.now(),
): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i += 1) {
    for (const [index, fn] of [a, b].entries()) {
      const started = clock();
      await fn();
      times[index]!.push(clock() - started);
    }
  }
  return [median(times[0]), median(times[1])];
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The CPU time this process has used, in ms, across its threads (the password hash runs on libuv's): a machine's
 * load stretches wall time, not the work done.
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * How far apart two medians of the same work may be: 50 ms, or a quarter of the longer one on a machine loaded
 * enough to stretch both (CI's lanes share two cores).
 */
export const timingTolerance = (a: number, b: number): number => Math.max(50, 0.25 * Math.max(a, b));
