let zones: string[] | null = null;

/** IANA zones the browser knows, UTC first; the learner's current zone is kept even if unknown here. */
export function timeZoneOptions(current: string): string[] {
  if (!zones) {
    let known: string[] = [];
    try {
      known = Intl.supportedValuesOf('timeZone');
    } catch {
      known = [];
    }
    zones = ['UTC', ...known.filter((zone) => zone !== 'UTC')];
  }
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}
