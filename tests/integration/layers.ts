import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The layers of the source tree and what each may import: the table the real-tree test
 * checks every resolved import against. biome.json's `noRestrictedImports` refuses the same
 * imports as you type, as far as a pattern on an import's text can tell (one into another
 * profile's folder does not name `profiles/`: each profile's override names the others).
 * See docs/ARCHITECTURE.md. A layer may always import itself.
 */
export const LAYER_RULES: Record<string, readonly string[]> = {
  protocol: [],
  // Inside the agent, bottom up.
  'agent/llm': ['protocol'],
  'agent/toolkit': ['protocol', 'agent/llm'],
  profile: ['protocol', 'agent/toolkit', 'schedules'],
  'profile-list': ['protocol', 'agent/toolkit', 'profile'],
  'agent/engine': ['protocol', 'agent/llm', 'agent/toolkit', 'storage'],
  'agent/runtime': [
    'protocol',
    'agent/llm',
    'agent/toolkit',
    'agent/engine',
    'storage',
    'sandbox',
    'bundle',
    'schedules',
    'know-how',
  ],
  workers: [
    'protocol',
    'agent/llm',
    'agent/engine',
    'agent/runtime',
    'profile-list',
    'sandbox',
    'storage',
    'schedules',
  ],
  sandbox: ['protocol', 'storage', 'pwa', 'know-how'],
  // Skills, projects and memories: reading a skill or a project archive, what a conversation starts with.
  'know-how': ['protocol', 'storage', 'bundle'],
  // Shared by both threads.
  storage: ['protocol', 'bundle'],
  bundle: ['protocol'],
  pwa: ['protocol', 'storage', 'preview-runtime'],
  schedules: ['protocol'],
  'preview-runtime': ['protocol'],
  // The main thread.
  host: ['protocol', 'storage', 'pwa', 'state', 'ui'],
  state: ['protocol', 'storage', 'bundle', 'pwa', 'schedules', 'know-how'],
  ui: ['protocol', 'state', 'host', 'storage', 'bundle', 'pwa', 'schedules', 'know-how'],
  'app-entry': ['protocol', 'state', 'ui'],
};

/**
 * The layer a repo-relative path belongs to; each profile is a layer of its own
 * (`profile:<id>`), so one profile importing another is an import across layers.
 */
export function layerOf(path: string): string | null {
  const parts = path.split('/');
  if (parts[0] === 'workers') return 'workers';
  if (parts[0] !== 'src') return null;
  if (parts.length === 2) return 'app-entry';
  if (parts[1] !== 'agent') return parts[1] ?? null;
  if (parts[2] === 'profiles') return parts.length > 4 ? `profile:${parts[3]}` : 'profile-list';
  return `agent/${parts[2]}`;
}

/** The rule a layer is checked by (every profile by the one for profiles). */
export function ruleOf(layer: string): readonly string[] | undefined {
  return LAYER_RULES[layer.startsWith('profile:') ? 'profile' : layer];
}

export type Import = { from: string; to: string; layers: [string, string] };

/** A module's imports as written: static, `export … from`, `import type` and dynamic `import()`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '__snapshots__' ? [] : sourceFiles(root, path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative import of the app's own modules (tests left out), with the layers it joins. */
export function appImports(root: string): Import[] {
  return ['src', 'workers'].flatMap((folder) =>
    sourceFiles(root, folder).flatMap((from) => {
      const text = readFileSync(join(root, from), 'utf8');
      return [...text.matchAll(IMPORT)].flatMap((match) => {
        const to = relative(root, resolve(root, dirname(from), (match[2] ?? '').replace(/\?.*$/, '')));
        const layers = [layerOf(from), layerOf(to)];
        const [a, b] = layers;
        return a && b ? [{ from, to, layers: [a, b] as [string, string] }] : [];
      });
    }),
  );
}

/** Imports per ordered pair of different layers, as `a → b`. */
export function countsByPair(imports: readonly Import[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { layers } of imports) {
    if (layers[0] === layers[1]) continue;
    const key = `${layers[0]} → ${layers[1]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

/** The imports no rule allows: into a layer missing from the importer's rule, or from an unknown layer. */
export function violations(imports: readonly Import[]): string[] {
  return imports.flatMap(({ from, to, layers: [a, b] }) => {
    if (a === b) return [];
    const allowed = ruleOf(a);
    const target = b.startsWith('profile:') ? 'profile' : b;
    if (allowed?.includes(target)) return [];
    return [`${from} → ${to} (${a} → ${b})`];
  });
}
