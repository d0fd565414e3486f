#!/usr/bin/env node
// Fails when a document names a repository path that does not exist: a backticked path such as
// `apps/api/test/fake-stripe.ts`, or a relative Markdown link. Run by `npm run lint:docs` (CI runs it beside lint).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The documents checked, as patterns over repository paths. */
export const DOC_PATTERNS = [
  /^docs\/.+\.md$/,
  /^README\.md$/,
  /^content\/README\.md$/,
  /^bench\/README\.md$/,
  /^scripts\/(.+\/)?README\.md$/,
];

const EXTENSION = /\.[A-Za-z0-9]{1,8}$/;
const DOMAIN = /\.(com|org|net|io|me|dev|app)$/;

/** Whether a backticked text looks like a repository path: a slash, and an extension or a trailing slash. */
export function looksLikeRepoPath(text) {
  if (!text.includes('/') || /\s/.test(text)) return false;
  if (/[<>{}*$…?=:@|\\]/.test(text) || text.includes('...')) return false; // patterns, placeholders, URLs, packages
  if (text.startsWith('/') || text.startsWith('~') || text.startsWith('-')) return false; // guest or URL paths, flags
  const first = text.replace(/^\.\//, '').split('/')[0];
  if (/^[A-Z][A-Z0-9_]*$/.test(first) || DOMAIN.test(first)) return false; // DATA_DIR/…, example.com/…
  if (/(^|\/)(node_modules|dist)(\/|$)/.test(text)) return false; // installed or built, never committed
  return EXTENSION.test(text) || text.endsWith('/');
}

/** Paths a Markdown text names: `{kind: 'code' | 'link', path, line}`. Fenced code blocks are skipped. */
export function namedPaths(markdown) {
  const found = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const match of text.matchAll(/`([^`]+)`/g)) {
      const code = match[1].trim();
      if (looksLikeRepoPath(code)) found.push({ kind: 'code', path: code, line });
    }
    for (const match of text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1].split('#')[0];
      if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue; // URLs, anchors
      found.push({ kind: 'link', path: decodeURIComponent(target), line });
    }
  });
  return found;
}

/**
 * The named paths of `docs` that do not exist in `repoFiles` (repository paths, `/`-separated). A link is resolved
 * from its document's folder. A backticked path may be written from the repository root, from the document's
 * folder, or shortened to its last folders (`lib/field-errors.ts` for `apps/web/src/lib/field-errors.ts`).
 * `isIgnored` accepts what git ignores on purpose: folders the app writes at run time, such as `data/`.
 */
export function danglingPaths(docs, repoFiles, isIgnored = () => false) {
  const files = new Set(repoFiles);
  const folders = new Set();
  for (const file of repoFiles) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i += 1) folders.add(parts.slice(0, i).join('/'));
  }
  const all = [...files, ...folders];
  const exists = (p) => files.has(p) || folders.has(p);
  const problems = [];
  for (const [doc, markdown] of Object.entries(docs)) {
    const dir = path.posix.dirname(doc);
    for (const named of namedPaths(markdown)) {
      const clean = named.path.replace(/\/$/, '');
      const fromDoc = path.posix.normalize(path.posix.join(dir, clean));
      const bare = path.posix.normalize(clean.replace(/^\.\//, ''));
      const candidates = named.kind === 'code' ? [fromDoc, bare] : [fromDoc];
      const slash = named.path.endsWith('/') ? '/' : '';
      const ok =
        candidates.some(exists) ||
        (named.kind === 'code' && all.some((p) => p.endsWith(`/${bare}`))) ||
        candidates.some((p) => isIgnored(`${p}${slash}`)); // a folder the app writes (data/, artifacts)
      if (!ok) problems.push({ doc, line: named.line, path: named.path });
    }
  }
  return problems;
}

function repositoryFiles(root) {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root });
  return out.toString('utf8').split('\0').filter(Boolean);
}

/** Whether git ignores `file` (it need not exist). */
function gitIgnores(root, file) {
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', file], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const repoFiles = repositoryFiles(root);
  const docs = Object.fromEntries(
    repoFiles
      .filter((f) => DOC_PATTERNS.some((p) => p.test(f)))
      .map((f) => [f, readFileSync(path.join(root, f), 'utf8')]),
  );
  const problems = danglingPaths(docs, repoFiles, (file) => gitIgnores(root, file));
  for (const p of problems) console.error(`${p.doc}:${p.line}: no such path in the repository: ${p.path}`);
  if (problems.length > 0) {
    console.error(`${problems.length} dangling path(s) in the documentation.`);
    process.exit(1);
  }
  console.log(`Checked ${Object.keys(docs).length} documents: every repository path they name exists.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
