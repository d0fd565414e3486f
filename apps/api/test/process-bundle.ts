import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** The API's two programs, as the suite's child processes run them. */
export interface ProcessBundle {
  cli: string;
  server: string;
}

/**
 * The CLI and the server bundled from their source, as tsx would run it (both transform TypeScript with esbuild), into
 * one file each: a child process then starts without a loader resolving and transforming its modules one by one
 * (the CLI's `--help` took 1.45 s of CPU under tsx, 0.6 s bundled). Dependencies stay in node_modules; each source
 * file keeps its own `import.meta.url`, so the paths it resolves from it (migrations, the lab image, the web build)
 * are the same as under tsx.
 */
export async function bundleApiProcesses(repoRoot: string, outdir: string): Promise<ProcessBundle> {
  await build({
    entryPoints: {
      cli: path.join(repoRoot, 'apps/api/src/cli/index.ts'),
      server: path.join(repoRoot, 'apps/api/src/server.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [dependenciesWhereTheyAre(path.join(repoRoot, 'node_modules')), ownImportMetaUrl()],
  });
  return { cli: path.join(outdir, 'cli.mjs'), server: path.join(outdir, 'server.mjs') };
}

/**
 * Leaves every dependency outside the bundle; the workspace packages (`@bastion/*`, TypeScript source) go in. A
 * dependency that a workspace holds in its own node_modules (another version than the root's) is imported by its
 * path, since the bundle's own folder would find the root's.
 */
function dependenciesWhereTheyAre(rootModules: string): Plugin {
  return {
    name: 'dependencies-where-they-are',
    setup(bundler) {
      bundler.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.path.startsWith('@bastion/') || args.pluginData === 'resolving') return undefined;
        if (args.path.startsWith('node:')) return { path: args.path, external: true };
        const resolved = await bundler.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'resolving',
        });
        if (resolved.errors.length > 0 || resolved.path.startsWith(rootModules + path.sep)) {
          return { path: args.path, external: true };
        }
        return { path: pathToFileURL(resolved.path).href, external: true };
      });
    },
  };
}

/** Gives each TypeScript source its own file's URL for `import.meta.url`, as it has when run from source. */
function ownImportMetaUrl(): Plugin {
  return {
    name: 'own-import-meta-url',
    setup(bundler) {
      bundler.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const url = JSON.stringify(pathToFileURL(args.path).href);
        return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
      });
    },
  };
}
