import { describe, expect, it } from 'vitest';
import record from '../../../../../labs/ready-state/ready-state.json';
import { labDownloadNote } from './lab-download-note.ts';

const megabytesIn = (note: string) => Number(/about (\d+) MB/.exec(note)?.[1]);

describe("a lab's download note", () => {
  it('counts the shipped ready state and the emulator, and says programs come on first use', () => {
    const note = labDownloadNote({ bytes: 25_000_000 });
    // The state, v86's core (about 2 MB) and the BIOS and file index (under 1 MB).
    expect(megabytesIn(note)).toBeGreaterThanOrEqual(27);
    expect(megabytesIn(note)).toBeLessThanOrEqual(30);
    expect(note).toContain('a program fetches its own files the first time you run it.');
    expect(megabytesIn(labDownloadNote({ bytes: 35_000_000 }))).toBe(megabytesIn(note) + 10);
  });

  it('follows the state the site ships, and says a boot is needed without one', () => {
    expect(megabytesIn(labDownloadNote())).toBe(megabytesIn(labDownloadNote({ bytes: record.bytes })));
    expect(labDownloadNote(null)).toMatch(/^The first start downloads about \d+ MB and boots Linux;/);
  });
});
