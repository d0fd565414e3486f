// Decision 0077: one transaction, upsert by slug, rows owned by their source; learner tables untouched.
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { eq, type SQL } from 'drizzle-orm';
import {
  checkContent,
  formatProblems,
  sortProblems,
  type Content,
  type ContentRules,
  type Problem,
} from '@bastion/content';
import {
  badges,
  challenges,
  courses,
  moduleItems,
  modules,
  type Db,
  type Executor,
  type StoredImportCounts,
} from '@bastion/db';
import type { ContentLoader } from './content-loader.ts';
import { buildImportPlan, type ImportPlan, type Planned, type PlannedChallenge } from './import-plan.ts';
import * as repo from './import-repository.ts';
import { defaultSource } from './import-source.ts';

export interface ImportOptions {
  /** Stable key of the folder; defaults to its path relative to the repository. */
  source?: string;
  now?: Date;
  /**
   * The shipped curriculum's rules (see `ContentRules`): a field the format does not read is a problem. Off by
   * default: an operator's content is imported with a warning for each such field.
   */
  strict?: boolean;
  /** How the folder is read and checked: `checkContent` here, unless the caller runs it elsewhere (a worker). */
  load?: ContentLoader;
}

/**
 * What the folder holds, and what this import changed: rows inserted, rows changed (including un-hidden), rows newly
 * hidden, media files newly stored; with the problems of the CTFd challenges that were left out, each on its own
 * (always none for a content folder), and what was reported but imported all the same (a field the format does not
 * read, …).
 */
export type ImportSummary = StoredImportCounts & { source: string; problems: Problem[]; warnings: Problem[] };

/** The folder cannot be imported as it is; nothing was written. */
export class ContentProblems extends Error {
  constructor(
    readonly problems: Problem[],
    readonly warnings: Problem[] = [],
  ) {
    super(`${problems.length} content problem${problems.length === 1 ? '' : 's'}:\n${formatProblems(problems).join('\n')}`);
  }
}

/** What `content validate` and the console's dry run report on a folder. */
export interface ValidatedContent {
  content: Content;
  problems: Problem[];
  warnings: Problem[];
}

/** One line for logs: what the folder holds and what the import changed. */
export function describeImport(summary: ImportSummary): string {
  return (
    `${summary.courses} courses, ${summary.modules} modules, ${summary.items} lessons and quizzes, ` +
    `${summary.badges} badges, ${summary.challenges} challenges (${summary.created} created, ` +
    `${summary.updated} updated, ${summary.hidden} hidden, ${summary.stored} media files stored)`
  );
}

/**
 * Every problem of a folder: the loader's, the checks across it, and media that could not be served. Under the
 * strict rules (CI on the shipped curriculum) the checks are problems; otherwise they are warnings.
 */
export async function validateContent(
  dir: string,
  rules: ContentRules = {},
  load: ContentLoader = checkContent,
): Promise<ValidatedContent> {
  const root = path.resolve(dir);
  const { content, problems, warnings } = await load(root, { strict: rules.strict ?? false });
  const { problems: mediaProblems } = await buildImportPlan(content, root);
  return { content, problems: sortProblems([...problems, ...mediaProblems]), warnings };
}

/**
 * Validates the folder, then upserts it by slug in one transaction (R17). The checks across the folder run too:
 * an operator's import reports what they find as warnings, as the console's dry run does.
 */
export async function importContent(db: Db, dir: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const root = path.resolve(dir);
  const loaded = await (options.load ?? checkContent)(root, { strict: options.strict ?? false });
  return importLoaded(db, { ...loaded, root }, { source: options.source ?? defaultSource(root), now: options.now });
}

/** How an import treats problems: the whole folder or nothing, or each challenge on its own (CTFd files). */
export type ImportUnit = 'folder' | 'challenge';

/** Imports content loaded by any loader (the content folder's, CTFd's). Throws ContentProblems. */
export async function importLoaded(
  db: Db,
  loaded: { content: Content; problems: Problem[]; warnings: Problem[]; root: string },
  options: { source: string; now?: Date; unit?: ImportUnit },
): Promise<ImportSummary> {
  const eachChallenge = options.unit === 'challenge';
  const { plan, problems } = await buildImportPlan(loaded.content, loaded.root);
  const all = sortProblems([...loaded.problems, ...problems]);
  const { warnings } = loaded;
  if (eachChallenge) {
    // A challenge whose attachment cannot be served is left out, like one the loader could not read.
    const refused = new Set(problems.map((problem) => problem.file));
    plan.challenges = plan.challenges.filter((challenge) => !refused.has(challenge.file));
    if (all.length > 0 && plan.challenges.length === 0) throw new ContentProblems(all, warnings);
  } else if (all.length > 0) {
    throw new ContentProblems(all, warnings);
  }
  const source = options.source.trim();
  if (!source) throw new ContentProblems([{ file: '.', line: 1, message: 'the content source name is empty' }], warnings);
  return db.transaction(async (tx) => {
    await repo.lockImports(tx);
    // Rows whose files were not all read are not known to have left the folder: nothing is hidden then.
    const sync = new Sync(tx, source, options.now ?? new Date(), { hideUnseen: all.length === 0 });
    const summary = await sync.apply(plan);
    if (sync.problems.length > 0 && !eachChallenge) throw new ContentProblems(sortProblems(sync.problems), warnings);
    return { ...summary, problems: sortProblems([...all, ...sync.problems]), warnings };
  });
}

/** One import's writes, inside its transaction. */
class Sync {
  readonly problems: Problem[] = [];
  private created = 0;
  private updated = 0;
  private readonly seen = new Map<repo.ImportedTable, string[]>();

  constructor(
    private readonly tx: Executor,
    private readonly source: string,
    private readonly now: Date,
    private readonly options: { hideUnseen: boolean },
  ) {}

  async apply(plan: ImportPlan): Promise<Omit<ImportSummary, 'problems' | 'warnings'>> {
    const stored = await repo.storeMedia(this.tx, plan.media);
    const courseIds = await this.rows(courses, plan.courses, {}, undefined, 'course');
    for (const course of plan.courses) {
      const courseId = courseIds.get(course.slug);
      if (!courseId) continue;
      const moduleIds = await this.rows(modules, course.modules, { courseId }, eq(modules.courseId, courseId));
      for (const module of course.modules) {
        const moduleId = moduleIds.get(module.slug);
        if (!moduleId) continue;
        await this.rows(moduleItems, module.items, { moduleId }, eq(moduleItems.moduleId, moduleId));
      }
    }
    await this.rows(badges, plan.badges, {}, undefined, 'badge');
    const challengeIds = await this.rows(challenges, plan.challenges, {}, undefined, 'challenge');
    for (const challenge of plan.challenges) {
      const challengeId = challengeIds.get(challenge.slug);
      if (challengeId) await this.steps(challengeId, challenge);
    }

    let hidden = 0;
    if (this.problems.length === 0 && this.options.hideUnseen) {
      for (const table of repo.IMPORTED_TABLES) {
        hidden += await repo.hideUnseen(this.tx, table, this.source, this.seen.get(table) ?? [], this.now);
      }
    }
    const modulesPlanned = plan.courses.flatMap((c) => c.modules);
    return {
      source: this.source,
      courses: plan.courses.length,
      modules: modulesPlanned.length,
      items: modulesPlanned.reduce((n, m) => n + m.items.length, 0),
      badges: plan.badges.length,
      challenges: plan.challenges.length,
      steps: plan.challenges.reduce((n, c) => n + c.steps.length, 0),
      media: plan.media.length,
      created: this.created,
      updated: this.updated,
      hidden,
      stored,
    };
  }

  /**
   * Upserts one level of rows by slug within `scope`. `label` marks slugs that are unique across
   * the whole database: such a row visible under another source is a conflict, not an update;
   * a hidden one (it left its folder) is taken over.
   */
  private async rows<V extends object>(
    table: repo.ImportedTable,
    planned: Planned<V>[],
    parent: Record<string, string>,
    scope: SQL | undefined,
    label?: string,
  ): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    const existing = new Map(
      (
        await repo.selectBySlugs(
          this.tx,
          table,
          planned.map((p) => p.slug),
          scope,
        )
      ).map((row) => [row.slug, row]),
    );
    const inserts: Record<string, unknown>[] = [];
    for (const row of planned) {
      const desired: Record<string, unknown> = {
        ...row.values,
        ...parent,
        position: row.position,
        source: this.source,
        hidden: false,
      };
      const current = existing.get(row.slug);
      if (!current) {
        inserts.push({ slug: row.slug, ...desired });
        continue;
      }
      if (label && current.source !== this.source && !current.hidden) {
        this.problems.push({
          file: row.file,
          line: 1,
          message: `${label} slug ${row.slug} already belongs to the content source "${current.source}"; rename it, or import this folder with --source "${current.source}"`,
        });
        continue;
      }
      ids.set(row.slug, current.id);
      if (Object.entries(desired).some(([key, value]) => !isDeepStrictEqual(current[key], value))) {
        await repo.updateRow(this.tx, table, current.id, { ...desired, updatedAt: this.now });
        this.updated += 1;
      }
    }
    for (const row of await repo.insertRows(this.tx, table, inserts)) ids.set(row.slug, row.id);
    this.created += inserts.length;
    this.seen.set(table, [...(this.seen.get(table) ?? []), ...ids.values()]);
    return ids;
  }

  /**
   * Steps are keyed by position. A step that was removed is deleted only while no learner has
   * progress on it; otherwise the import stops, since learner progress is never deleted.
   */
  private async steps(challengeId: string, challenge: PlannedChallenge): Promise<void> {
    const existing = await repo.selectSteps(this.tx, challengeId);
    const byPosition = new Map(existing.map((step) => [step.position, step]));
    for (const step of challenge.steps) {
      const current = byPosition.get(step.position);
      if (!current) {
        await repo.insertStep(this.tx, challengeId, step);
        this.created += 1;
      } else if (Object.entries(step).some(([key, value]) => !isDeepStrictEqual(current[key as keyof typeof current], value))) {
        await repo.updateStep(this.tx, current.id, step);
        this.updated += 1;
      }
    }
    const removed = existing.filter((step) => step.position > challenge.steps.length);
    const kept = new Set(await repo.stepsWithProgress(this.tx, removed.map((step) => step.id)));
    for (const step of removed.filter((s) => kept.has(s.id))) {
      this.problems.push({
        file: challenge.file,
        line: 1,
        message: `step ${step.position} was removed, but learners have progress on it; keep the step, or give the challenge a new slug`,
      });
    }
    await repo.deleteSteps(
      this.tx,
      removed.filter((s) => !kept.has(s.id)).map((s) => s.id),
    );
    this.updated += removed.length - kept.size;
  }
}
