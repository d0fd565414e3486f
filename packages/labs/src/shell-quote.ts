/** A spec the guest cannot apply: the message names the field. */
export class LabSpecError extends Error {}

/** A word the shell takes literally. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
