import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The layers of the source tree and what each may import: the one table of the layering
 * rule. `npm run lint` checks every import of the tree against it (scripts/layers/check-layers.ts),
 * and so does `npm test` (tests/integration/layer-imports.test.ts). The first folder under src/
 * is the thread a file runs in (`THREADS`); the next one its layer (a thread of one layer is its
 * own, and files at a thread's top are its entry). A layer may always import itself; an entry
 * with a file path allows that file of a layer only. Each profile is a layer of its own
 * (`profile:<id>`, checked by the `profile` rule): a profile never imports another, and adding one
 * changes no rule. See docs/ARCHITECTURE.md.
 */
export const LAYER_RULES: Readonly<Record<string, readonly string[]>> = {
  // Shared by the threads: what crosses a thread, and what several threads run.
  protocol: [],
  storage: ['protocol', 'bundle'],
  bundle: ['protocol'],
  schedules: ['protocol'],
  // Skills, projects and memories: reading a skill or a project archive, what a conversation starts with.
  'know-how': ['protocol', 'storage', 'bundle'],
  // The web app's own rules: lazy chunks, preview addresses, the messages of the service worker.
  pwa: ['protocol', 'src/shared/storage/db-name.ts'],
  // The agent worker, bottom up.
  llm: ['protocol'],
  toolkit: ['protocol', 'llm'],
  profile: ['protocol', 'toolkit', 'schedules'],
  'profile-list': ['protocol', 'toolkit', 'profile'],
  engine: ['protocol', 'llm', 'toolkit', 'storage'],
  runtime: ['protocol', 'llm', 'toolkit', 'engine', 'storage', 'sandbox', 'bundle', 'schedules', 'know-how'],
  sandbox: ['protocol', 'storage', 'pwa', 'know-how'],
  'agent-worker': ['protocol', 'llm', 'engine', 'runtime', 'profile-list', 'sandbox', 'storage', 'schedules'],
  // The Python worker: Pyodide and the messages it exchanges with the agent worker.
  'python-worker': ['protocol'],
  // The service worker opens the database by name only (storage/db-name.ts), never Dexie.
  'service-worker': ['protocol', 'pwa', 'schedules', 'src/shared/storage/db-name.ts'],
  // Inside every preview page.
  'preview-frame': ['protocol'],
  // The page.
  host: ['protocol', 'storage', 'pwa', 'state', 'ui'],
  state: ['protocol', 'storage', 'bundle', 'pwa', 'schedules', 'know-how'],
  ui: ['protocol', 'state', 'host', 'storage', 'bundle', 'pwa', 'schedules', 'know-how'],
  page: ['protocol', 'state', 'ui'],
  // Vite's plugins and the build's settings, run by Node as the app is built.
  build: ['protocol', 'pwa', 'preview-frame'],
};

/** The packages a layer may import, where it is limited (its tests are not). */
export const PACKAGES_ONLY: Readonly<Record<string, readonly string[]>> = {
  protocol: ['zod'],
  // It runs inside every preview page: what it bundles is what each page carries.
  'preview-frame': ['devalue', 'fake-indexeddb', 'html-to-image'],
};

/** The threads, each a folder of src/; a test may import its own thread's code and the shared one's. */
export const THREADS = [
  'page',
  'agent-worker',
  'python-worker',
  'service-worker',
  'preview-frame',
  'build',
  'shared',
] as const;
export type Thread = (typeof THREADS)[number];

/** The thread a repo-relative path runs in (null outside src/, or for src/'s own type declarations). */
export function threadOf(path: string): Thread | null {
  const thread = path.split('/')[0] === 'src' ? path.split('/')[1] : undefined;
  return (THREADS as readonly string[]).includes(thread ?? '') ? (thread as Thread) : null;
}

/** Packages the workers never import (their tests neither): the page's UI library. */
export const WORKER_NEVER = ['solid-js'];

/**
 * The layer a repo-relative path belongs to; each profile is a layer of its own
 * (`profile:<id>`), so one profile importing another is an import across layers.
 */
export function layerOf(path: string): string | null {
  const thread = threadOf(path);
  if (!thread) return null;
  const parts = path.split('/');
  const isOneLayer = !['page', 'agent-worker', 'shared'].includes(thread);
  if (isOneLayer || parts.length === 3) return thread;
  if (thread === 'agent-worker' && parts[2] === 'profiles')
    return parts.length > 4 ? `profile:${parts[3]}` : 'profile-list';
  return parts[2] ?? null;
}

/** The rule a layer is checked by (every profile by the one for profiles). */
export function ruleOf(layer: string): readonly string[] | undefined {
  return LAYER_RULES[layer.startsWith('profile:') ? 'profile' : layer];
}

/** One import: of a module of the tree (`to`, repo-relative) or of a package (`packageName`). */
export type Import = { from: string; to: string; layers: [string, string] };
type PackageImport = { from: string; packageName: string; layer: string };

/** A module's imports as written: static, `export … from`, `import type`, dynamic `import()` and `vi.mock`. */
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|importActual|doMock)\(\s*)(['"])([^'"]+)\1/g;

const isTest = (path: string) => /\.test\.tsx?$/.test(path);

function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '__snapshots__' ? [] : sourceFiles(root, path);
    return /\.(tsx?|mjs)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The file an import names: relative to its importer, or through an alias (`@/` is src/, `~/` the repository). */
function resolveSpecifier(root: string, from: string, specifier: string): string {
  if (specifier.startsWith('@/')) return resolve(root, 'src', specifier.slice(2));
  if (specifier.startsWith('~/')) return resolve(root, specifier.slice(2));
  return resolve(root, dirname(from), specifier);
}

const isPath = (specifier: string) => /^(\.{1,2}\/|[@~]\/)/.test(specifier);
/** `zod` of `zod`, `solid-js` of `solid-js/web`, `@mlc-ai/web-llm` of `@mlc-ai/web-llm/lib`. */
const packageNameOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

type Scan = { imports: Import[]; packages: PackageImport[]; climbs: string[] };

/** Every import of the files under `folders` of `root`, with their tests when `withTests`. */
export function scanImports(root: string, folders: readonly string[], withTests: boolean): Scan {
  const scan: Scan = { imports: [], packages: [], climbs: [] };
  for (const folder of folders) {
    for (const from of sourceFiles(root, folder)) {
      if (!withTests && isTest(from)) continue;
      const layer = layerOf(from);
      const text = readFileSync(join(root, from), 'utf8');
      for (const match of text.matchAll(SPECIFIER)) {
        const specifier = (match[2] ?? '').replace(/\?.*$/, '');
        if (specifier.startsWith('../../../')) scan.climbs.push(`${from}: ${specifier}`);
        if (!layer) continue;
        if (!isPath(specifier)) {
          if (!specifier.startsWith('node:') && !specifier.startsWith('virtual:'))
            scan.packages.push({ from, packageName: packageNameOf(specifier), layer });
          continue;
        }
        const to = relative(root, resolveSpecifier(root, from, specifier));
        const target = layerOf(to);
        if (target) scan.imports.push({ from, to, layers: [layer, target] });
      }
    }
  }
  return scan;
}

/** Every import of the app's own modules (tests left out), with the layers it joins. */
export function appImports(root: string): Import[] {
  return scanImports(root, ['src'], false).imports;
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

/**
 * The imports the table refuses. App code: into a layer (or a file of one) its rule does not
 * name. Tests (they may use real parts of any layer as fixtures): into the other thread's code.
 */
export function violations(imports: readonly Import[]): string[] {
  return imports.flatMap(({ from, to, layers: [a, b] }) => {
    if (a === b) return [];
    if (isTest(from)) {
      const [mine, theirs] = [threadOf(from), threadOf(to)];
      if (theirs === 'shared' || theirs === mine) return [];
      return [`${from} → ${to}: a test of ${mine} code imports ${theirs} code`];
    }
    const allowed = ruleOf(a) ?? [];
    const target = b.startsWith('profile:') ? 'profile' : b;
    if (allowed.includes(target) || allowed.includes(to)) return [];
    const says = allowed.length > 0 ? allowed.join(', ') : 'nothing but itself';
    return [`${from} → ${to}: ${a} imports ${says} (not ${b})`];
  });
}

/** The package imports the table refuses: outside a layer's `PACKAGES_ONLY`, or the page's UI library in worker code. */
export function packageViolations(packages: readonly PackageImport[]): string[] {
  return packages.flatMap(({ from, packageName, layer }) => {
    const only = PACKAGES_ONLY[layer];
    if (only && !isTest(from) && !only.includes(packageName))
      return [`${from} → ${packageName}: ${layer} imports only the packages ${only.join(', ')}`];
    if (threadOf(from)?.endsWith('-worker') && WORKER_NEVER.includes(packageName))
      return [`${from} → ${packageName}: worker code never imports ${packageName} (page code)`];
    return [];
  });
}

/** Everything the layering rule refuses in the tree under `root`, each with what the rule says. */
export function layeringProblems(root: string): string[] {
  const scan = scanImports(root, ['src'], true);
  const elsewhere = scanImports(
    root,
    ['tests', 'scripts'].filter((folder) => existsSync(join(root, folder))),
    true,
  );
  return [
    ...violations(scan.imports),
    ...packageViolations(scan.packages),
    ...[...scan.climbs, ...elsewhere.climbs].map(
      (climb) =>
        `${climb}: climbs three folders or more (name it from the top: @/ is src/, ~/ the repository)`,
    ),
  ];
}
