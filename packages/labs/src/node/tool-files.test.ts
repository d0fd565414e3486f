import { describe, expect, it } from 'vitest';
import { toolFilesRecord } from '../image-tools.ts';
import { readShippedReadyStateRecord } from './shipped-ready-state.ts';
import { imagePathsByContent, toolRuns } from './tool-files.ts';

describe('the tools’ files (labs/ready-state/tool-files.json)', () => {
  it('were recorded from the shipped ready state, for every tool of toolRuns (npm run labs:tool-files)', async () => {
    expect(toolFilesRecord.readyState).toBe((await readShippedReadyStateRecord())?.sha256);
    expect(Object.keys(toolFilesRecord.tools)).toEqual(Object.keys(toolRuns));
  });

  it('name files of the image, some for each tool', async () => {
    const paths = new Set((await imagePathsByContent()).values());
    for (const [tool, files] of Object.entries(toolFilesRecord.tools)) {
      expect(files.length, tool).toBeGreaterThan(0);
      expect(
        files.filter((file) => !paths.has(file)),
        tool,
      ).toEqual([]);
    }
    expect(toolFilesRecord.tools.nmap).toContain('/usr/bin/nmap');
    expect(toolFilesRecord.tools.nmap).toContain('/usr/share/nmap/nmap-service-probes');
  });
});
