import type { Page } from 'playwright-core';
import { toolFiles } from '@bastion/labs';
import { imagePathsByContent } from '@bastion/labs/node';

/** Every request the page and its lab worker make for a file of the lab image, as its content name, in order. */
export function recordImageRequests(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/lab-image\/([0-9a-f]{64}\.zst)$/.exec(request.url());
    if (match) names.push(match[1]!);
  });
  return names;
}

/** The content names of the image files `tools` read (labs/ready-state/tool-files.json). */
export async function toolContentNames(tools: string[]): Promise<string[]> {
  const byPath = new Map([...(await imagePathsByContent())].map(([name, at]) => [at, name]));
  return toolFiles(tools).map((at) => byPath.get(at)!);
}
