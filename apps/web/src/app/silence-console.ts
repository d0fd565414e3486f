const SILENCED = ['log', 'debug', 'info', 'warn'] as const;

/** R8: console log, debug, info and warn output is silenced (in production builds). Errors stay. */
export function silenceConsole(target: Pick<Console, (typeof SILENCED)[number]> = console): void {
  const noop = () => {};
  for (const method of SILENCED) target[method] = noop;
}
