/** An ILIKE pattern matching text that contains `text` literally: its `%`, `_` and `\` match only themselves. */
export const containing = (text: string) => `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
