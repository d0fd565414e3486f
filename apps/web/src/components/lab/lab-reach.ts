/** What a lab can reach, as its panel says before the start: its own small network, or nothing at all. */
export function labReach(lab: { hosts: unknown[]; sealed: { networked: boolean } | null } | null): string {
  return lab && (lab.hosts.length > 0 || lab.sealed?.networked === true)
    ? 'It has a small network of its own to explore, and cannot reach anything outside it.'
    : 'It runs in this page and cannot reach the network.';
}
