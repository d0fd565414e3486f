import path from 'node:path';
import { ContentFiles, orderedName, reportDuplicates, SLUG } from './content-files.ts';
import type { Course, Module, ModuleItem } from './content.model.ts';
import { courseSchema, moduleSchema } from './content.schemas.ts';
import { loadLesson, loadQuiz } from './load-items.ts';
import { parseYaml, validate } from './yaml-source.ts';

const IMAGE = /\.(svg|png|jpe?g|webp|gif)$/i;
const ASSET_FOLDERS = new Set(['images', 'assets']);

/** `courses/<course>/course.yaml` and its `NN-<module>` folders. */
export async function loadCourses(files: ContentFiles, coursesDir: string): Promise<Course[]> {
  const courses: UnorderedCourse[] = [];
  for (const entry of await files.list(coursesDir)) {
    const dir = path.join(coursesDir, entry.name);
    if (!entry.isDirectory) {
      files.problem(dir, 1, 'only course folders belong in courses/');
      continue;
    }
    if (!SLUG.test(entry.name)) {
      files.problem(dir, 1, `course slug ${entry.name} must be lowercase words joined by hyphens`);
      continue;
    }
    const course = await loadCourse(files, dir, entry.name);
    if (course) courses.push(course);
  }
  reportDuplicates(
    files,
    courses.filter((c) => c.order !== undefined),
    (c) => c.order ?? 0,
    (c) => ({ file: c.file, line: 1 }),
    'course order',
  );
  // Ordered courses first, by their order; the rest after them in folder order (list() sorts by name).
  const catalogue = courses
    .map((course, index) => ({ course, rank: course.order ?? Number.MAX_SAFE_INTEGER, index }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ course }, index) => ({ ...course, order: index + 1 }));
  const modules = catalogue.flatMap((c) => c.modules);
  reportDuplicates(
    files,
    modules,
    (m) => m.slug,
    (m) => ({ file: m.file, line: 1 }),
    'module slug',
  );
  return catalogue;
}

/** A course as its folder gives it: its place in the catalogue is known once all are read. */
type UnorderedCourse = Omit<Course, 'order'> & { order?: number };

async function loadCourse(files: ContentFiles, dir: string, slug: string): Promise<UnorderedCourse | undefined> {
  const yamlPath = path.join(dir, 'course.yaml');
  const text = await files.read(yamlPath);
  const source = text === undefined ? undefined : parseYaml(text, files.relative(yamlPath), files.problems);
  const data = source && validate(source, courseSchema, files.findings);
  const image =
    data?.image && source && (await files.reference(yamlPath, data.image, source.lineOf(['image']), 'image'));

  const modules: Module[] = [];
  let moduleFolders = 0;
  for (const entry of await files.list(dir)) {
    const entryPath = path.join(dir, entry.name);
    if (!entry.isDirectory) {
      if (entry.name !== 'course.yaml' && !IMAGE.test(entry.name))
        files.problem(entryPath, 1, 'unexpected file in a course folder');
      continue;
    }
    if (ASSET_FOLDERS.has(entry.name)) continue;
    moduleFolders += 1;
    const place = orderedName(files, entryPath, entry.name);
    if (!place) continue;
    const module = await loadModule(files, entryPath, place);
    if (module) modules.push(module);
  }
  reportDuplicates(
    files,
    modules,
    (m) => m.order,
    (m) => ({ file: m.file, line: 1 }),
    'module ordering prefix',
  );
  if (moduleFolders === 0) files.problem(yamlPath, 1, 'course has no modules');
  if (!data) return undefined;
  return { slug, ...data, image: image || undefined, modules, file: files.relative(yamlPath) };
}

async function loadModule(
  files: ContentFiles,
  dir: string,
  place: { order: number; slug: string },
): Promise<Module | undefined> {
  const yamlPath = path.join(dir, 'module.yaml');
  const text = await files.read(yamlPath);
  const source = text === undefined ? undefined : parseYaml(text, files.relative(yamlPath), files.problems);
  const data = source && validate(source, moduleSchema, files.findings);
  const image =
    data?.image && source && (await files.reference(yamlPath, data.image, source.lineOf(['image']), 'image'));

  const items: ModuleItem[] = [];
  let itemFiles = 0;
  for (const entry of await files.list(dir)) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory) {
      if (!ASSET_FOLDERS.has(entry.name))
        files.problem(entryPath, 1, 'only images/ or assets/ folders belong in a module');
      continue;
    }
    if (entry.name === 'module.yaml' || IMAGE.test(entry.name)) continue;
    const kind = entry.name.endsWith('.quiz.yaml') ? 'quiz' : entry.name.endsWith('.md') ? 'lesson' : undefined;
    if (!kind) {
      files.problem(entryPath, 1, 'unexpected file: lessons end in .md, quizzes in .quiz.yaml');
      continue;
    }
    itemFiles += 1;
    const itemPlace = orderedName(files, entryPath, entry.name.replace(/\.quiz\.yaml$|\.md$/, ''));
    if (!itemPlace) continue;
    const item =
      kind === 'quiz' ? await loadQuiz(files, entryPath, itemPlace) : await loadLesson(files, entryPath, itemPlace);
    if (item) items.push(item);
  }
  items.sort((a, b) => a.order - b.order);
  reportDuplicates(
    files,
    items,
    (i) => i.order,
    (i) => ({ file: i.file, line: 1 }),
    'ordering prefix',
  );
  reportDuplicates(
    files,
    items,
    (i) => i.slug,
    (i) => ({ file: i.file, line: 1 }),
    'item slug',
  );
  if (itemFiles === 0) files.problem(yamlPath, 1, 'module has no lessons or quizzes');
  if (!data) return undefined;
  const minutes = items.reduce((sum, item) => sum + item.minutes, 0);
  return { ...place, ...data, minutes, image: image || undefined, items, file: files.relative(yamlPath) };
}
