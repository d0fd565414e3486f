import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { SLUG, type ContentFiles } from './content-files.ts';
import { labPresetSchema } from './content.schemas.ts';
import { resolveFileSources } from './lab-file-sources.ts';
import { parseYaml, validate, type YamlSource } from './yaml-source.ts';

// content/README.md, "Lab presets": a lab names what every lab of a target repeats, kept once beside the target.

type Raw = Record<string, unknown>;
type Key = string | number;

/** A preset as its file gives it (validated, its `source:` paths still relative to it). */
interface Preset {
  name: string;
  absolute: string;
  value: Raw;
}

/** Where an entry of the expanded lab was written: in the lab itself (at that index), or in a preset. */
type Origin = { own: Key } | { preset: string; uses: Key[] };

const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A preset's file, relative to the content folder. */
const presetPath = (name: string) => `targets/${name}/preset.yaml`;

const presetName = z.string().regex(SLUG, 'must name a preset: targets/<name>/preset.yaml');

/** What a lab writes to use presets, beside its own fields. */
const presetControlsSchema = z.strictObject({
  uses: z
    .union([presetName, z.array(presetName).min(1)])
    .refine((uses) => typeof uses === 'string' || new Set(uses).size === uses.length, 'names a preset twice'),
  overrides: z.array(z.string().trim().min(1, 'must not be empty')).optional(),
  preset_files_after: z.string().startsWith('/', 'must be an absolute path').optional(),
});

const CONTROLS = ['uses', 'overrides', 'preset_files_after'] as const;

/** Presets read in one load of a folder: each file is read and checked once, however many labs name it. */
const loaded = new WeakMap<ContentFiles, Map<string, Promise<Preset | 'missing' | undefined>>>();

function presetNamed(files: ContentFiles, name: string): Promise<Preset | 'missing' | undefined> {
  let presets = loaded.get(files);
  if (!presets) loaded.set(files, (presets = new Map()));
  let preset = presets.get(name);
  if (!preset) presets.set(name, (preset = readPreset(files, name)));
  return preset;
}

/** A preset file, checked as a lab's own fields are: its problems are reported at its own lines. */
async function readPreset(files: ContentFiles, name: string): Promise<Preset | 'missing' | undefined> {
  const absolute = path.join(files.root, presetPath(name));
  if (!(await files.exists(absolute))) return 'missing';
  const text = await files.read(absolute);
  const source = text === undefined ? undefined : parseYaml(text, files.relative(absolute), files.problems);
  const data = source && validate(source, labPresetSchema, files.findings);
  if (!source || !data) return undefined;
  const sources = await resolveFileSources(files, absolute, source, ['files'], data.files ?? {});
  return sources && { name, absolute, value: source.value as Raw };
}

/** A preset's file with its `source:` made relative to the lab that uses it, as if the lab had written it. */
function rebased(file: unknown, preset: Preset, from: string): unknown {
  if (!isRecord(file) || typeof file.source !== 'string') return file;
  const absolute = path.resolve(path.dirname(preset.absolute), file.source);
  return { ...file, source: path.relative(path.dirname(from), absolute).split(path.sep).join('/') };
}

/**
 * A quiz's terminal (`base` 'terminal') or a challenge's lab ('lab') with the presets it `uses` written out, as if
 * the file held them: network, hosts, services and files from the presets first, the lab's own after (its own
 * files first instead when it names `preset_files_after`), its own network winning. A name both define is a
 * problem unless the lab lists it under `overrides`; the lab's entry then takes the preset's place. The source
 * returned gives the line of the lab's own entries, and of its `uses` for what a preset brought, so that every
 * later check reports at the lab's file. Undefined when the presets cannot be expanded (problems are reported).
 */
export async function expandPresets(
  files: ContentFiles,
  from: string,
  source: YamlSource,
  base: 'terminal' | 'lab',
): Promise<YamlSource | undefined> {
  const document = source.value;
  const lab = isRecord(document) ? document[base] : undefined;
  if (!isRecord(document) || !isRecord(lab) || !CONTROLS.some((key) => key in lab)) return source;
  const problems = files.problems;
  const report = (at: Key[], message: string) =>
    problems.push({ file: source.file, line: source.lineOf([base, ...at]), message });
  const { uses, overrides, preset_files_after: filesAfter, ...own } = lab;
  if (uses === undefined) {
    report([overrides === undefined ? 'preset_files_after' : 'overrides'], `${base}: names no preset (uses)`);
    return undefined;
  }
  const controls = validate(source, presetControlsSchema, files.findings, { uses, overrides, preset_files_after: filesAfter }, [
    base,
  ]);
  if (!controls) return undefined;

  const problemsBefore = problems.length;
  const presets: (Preset & { uses: Key[] })[] = [];
  const names = typeof controls.uses === 'string' ? [controls.uses] : controls.uses;
  for (const [index, name] of names.entries()) {
    const at = typeof controls.uses === 'string' ? ['uses'] : ['uses', index];
    const preset = await presetNamed(files, name);
    if (preset === 'missing') report(at, `unknown preset ${name}: there is no ${presetPath(name)}`);
    else if (!preset) report(at, `preset ${name} has problems (${presetPath(name)})`);
    else presets.push({ ...preset, uses: at });
  }
  if (problems.length > problemsBefore) return undefined;

  const replace = new Set(controls.overrides ?? []);
  const replaced = new Set<string>();
  const clash = (kind: string, name: string, preset: string, at: Key[]) =>
    report(at, `${kind}: ${name} is defined by preset ${preset} too: name it under overrides to replace it`);

  /** The presets' entries by name, an override in its preset's place, and the lab's own entries apart. */
  function merge(kind: 'hosts' | 'services' | 'files', entries: (preset: Preset) => [string, unknown][]) {
    const merged = new Map<string, { value: unknown; origin: Origin }>();
    for (const preset of presets) {
      for (const [name, value] of entries(preset)) {
        const earlier = merged.get(name);
        if (!earlier) merged.set(name, { value, origin: { preset: preset.name, uses: preset.uses } });
        else if (!isDeepStrictEqual(earlier.value, value) && 'preset' in earlier.origin)
          report(preset.uses, `${kind}: ${name} is defined differently by presets ${earlier.origin.preset} and ${preset.name}`);
      }
    }
    const ownEntries: [string, { value: unknown; origin: Origin }][] = [];
    const written = own[kind];
    const listed: [Key, unknown][] = Array.isArray(written)
      ? written.map((value, index) => [index, value])
      : isRecord(written)
        ? Object.entries(written)
        : [];
    for (const [key, value] of listed) {
      const name = kind === 'files' ? String(key) : isRecord(value) ? value.name : undefined;
      const preset = typeof name === 'string' ? merged.get(name) : undefined;
      if (typeof name !== 'string' || !preset) {
        ownEntries.push([typeof name === 'string' ? name : `#${key}`, { value, origin: { own: key } }]);
      } else if (replace.has(name)) {
        merged.set(name, { value, origin: { own: key } });
        replaced.add(name);
      } else clash(kind, name, 'preset' in preset.origin ? preset.origin.preset : '', [kind, key]);
    }
    return { presets: [...merged], own: ownEntries };
  }

  const hosts = merge('hosts', (preset) => namedEntries(preset.value.hosts));
  const services = merge('services', (preset) => namedEntries(preset.value.services));
  const fileEntries = merge('files', (preset) =>
    Object.entries(isRecord(preset.value.files) ? preset.value.files : {}).map(([labPath, file]) => [
      labPath,
      rebased(file, preset, from),
    ]),
  );
  let files_ = [...fileEntries.presets, ...fileEntries.own];
  if (controls.preset_files_after !== undefined) {
    const after = fileEntries.own.findIndex(([labPath]) => labPath === controls.preset_files_after);
    if (after < 0) report(['preset_files_after'], `preset_files_after: ${controls.preset_files_after} is not one of this lab's own files`);
    files_ = [...fileEntries.own.slice(0, after + 1), ...fileEntries.presets, ...fileEntries.own.slice(after + 1)];
  }
  (controls.overrides ?? []).forEach((name, index) => {
    if (!replaced.has(name)) report(['overrides', index], `overrides: ${name} is defined by no preset this lab uses`);
  });

  let network: { value: unknown; origin: Origin } | undefined =
    own.network === undefined ? undefined : { value: own.network, origin: { own: 'network' } };
  for (const preset of presets) {
    if (network === undefined || preset.value.network === undefined) {
      if (preset.value.network !== undefined) network = { value: preset.value.network, origin: { preset: preset.name, uses: preset.uses } };
    } else if ('preset' in network.origin && !isDeepStrictEqual(network.value, preset.value.network))
      report(preset.uses, `network: presets ${network.origin.preset} and ${preset.name} define different networks`);
  }
  if (problems.length > problemsBefore) return undefined;

  const list = (merged: { presets: [string, Entry][]; own: [string, Entry][] }) => [...merged.presets, ...merged.own];
  const expanded: Raw = { ...own };
  if (network) expanded.network = network.value;
  for (const [kind, entries] of [
    ['hosts', list(hosts)],
    ['services', list(services)],
  ] as const) {
    if (entries.length > 0 || own[kind] !== undefined) expanded[kind] = entries.map(([, entry]) => entry.value);
  }
  if (files_.length > 0 || own.files !== undefined)
    expanded.files = Object.fromEntries(files_.map(([labPath, entry]) => [labPath, entry.value]));

  const origins = {
    hosts: list(hosts).map(([, entry]) => entry.origin),
    services: list(services).map(([, entry]) => entry.origin),
    files: new Map(files_.map(([labPath, entry]) => [labPath, entry.origin])),
  };
  /** The path in the lab's own file of what a path into the expanded lab names. */
  const writtenAt = (at: readonly PropertyKey[]): readonly PropertyKey[] => {
    const [, kind, key, ...rest] = at;
    let origin: Origin | undefined;
    if ((kind === 'hosts' || kind === 'services') && typeof key === 'number') origin = origins[kind][key];
    else if (kind === 'files' && typeof key === 'string') origin = origins.files.get(key);
    else if (kind === 'network' && network) origin = network.origin;
    if (!origin) return at;
    if ('preset' in origin) return [base, ...origin.uses];
    return kind === 'network' || kind === undefined ? at : [base, kind, origin.own, ...rest];
  };
  return {
    file: source.file,
    value: { ...document, [base]: expanded },
    lineOf: (at) => source.lineOf(at[0] === base ? writtenAt(at) : at),
  };
}

type Entry = { value: unknown; origin: Origin };

/** A preset's hosts or services by name (the preset's schema made sure each has one). */
function namedEntries(list: unknown): [string, unknown][] {
  return Array.isArray(list) ? list.map((entry) => [String((entry as Raw).name), entry]) : [];
}
