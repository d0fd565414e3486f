import type { ContentFiles } from './content-files.ts';
import { reportDuplicates } from './content-files.ts';
import type { Badge } from './content.model.ts';
import { badgeSchema } from './content.schemas.ts';
import { parseYaml, validate } from './yaml-source.ts';

/** `badges.yaml`: a list of badges; each entry is checked on its own so one bad badge hides no other problem. */
export async function loadBadges(files: ContentFiles, absolute: string): Promise<Badge[]> {
  const text = await files.read(absolute);
  if (text === undefined) return [];
  const source = parseYaml(text, files.relative(absolute), files.problems);
  if (!source) return [];
  if (!Array.isArray(source.value)) {
    files.problem(absolute, 1, 'badges.yaml must be a list of badges');
    return [];
  }
  const badges: (Badge & { line: number })[] = [];
  for (const [index, value] of source.value.entries()) {
    const badge = validate(source, badgeSchema, files.findings, value, [index]);
    if (!badge) continue;
    const image =
      badge.image && (await files.reference(absolute, badge.image, source.lineOf([index, 'image']), 'image'));
    badges.push({ ...badge, image: image || undefined, line: source.lineOf([index]) });
  }
  reportDuplicates(
    files,
    badges,
    (b) => b.slug,
    (b) => ({ file: source.file, line: b.line }),
    'badge slug',
  );
  return badges.map(({ line: _line, ...badge }) => badge);
}
