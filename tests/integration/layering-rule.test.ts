import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layeringProblems } from '~/scripts/layers/layers.ts';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const BIOME = join(REPOSITORY, 'node_modules/.bin/biome');

/**
 * Probe files, each at a path of the real layout, that import across a boundary the
 * layering rule guards (`violates: true`) or that it must allow. They are checked in a
 * scratch folder by the same check `npm run lint` runs, so the rule itself is what is tested.
 */
const PROBES: { path: string; source: string; violates: boolean }[] = [
  { path: 'src/ui/thread/probe.tsx', source: "import { x } from '../../agent/loop.ts';", violates: true },
  {
    path: 'src/ui/thread/lazy-probe.tsx',
    source: "export const load = () => import('../../sandbox/virtual/virtual-sandbox.ts');",
    violates: true,
  },
  {
    path: 'src/state/thread/probe.ts',
    source: "import { x } from '../../sandbox/sandbox-paths.ts';",
    violates: true,
  },
  { path: 'src/host/probe.ts', source: "import { x } from '../agent/runtime.ts';", violates: true },
  { path: 'src/agent/probe.ts', source: "import { x } from '../state/app/ui-store.ts';", violates: true },
  {
    path: 'src/agent/solid-probe.ts',
    source: "import { createSignal as x } from 'solid-js';",
    violates: true,
  },
  { path: 'src/sandbox/probe.ts', source: "import { x } from '../ui/app/app.tsx';", violates: true },
  {
    path: 'workers/probe.ts',
    source: "import { x } from '../src/host/node-runtime-host.ts';",
    violates: true,
  },
  { path: 'src/storage/probe.ts', source: "import { x } from '../agent/journal.ts';", violates: true },
  { path: 'src/protocol/probe.ts', source: "import { x } from '../storage/db.ts';", violates: true },
  { path: 'src/protocol/dexie-probe.ts', source: "import x from 'dexie';", violates: true },
  {
    path: 'src/protocol/tool-meta/probe.ts',
    source: "import { x } from '../../agent/loop.ts';",
    violates: true,
  },
  // Inside the agent: llm/ ← toolkit/ ← profiles/<id>/, engine/ ← runtime/ ← the worker.
  {
    path: 'src/agent/llm/probe.ts',
    source: "import { x } from '../toolkit/define-tool.ts';",
    violates: true,
  },
  {
    path: 'src/agent/llm/providers/probe.ts',
    source: "import { x } from '../../engine/loop.ts';",
    violates: true,
  },
  {
    path: 'src/agent/llm/storage-probe.ts',
    source: "import { x } from '../../storage/db.ts';",
    violates: true,
  },
  { path: 'src/agent/toolkit/probe.ts', source: "import { x } from '../engine/journal.ts';", violates: true },
  {
    path: 'src/agent/toolkit/ports/probe.ts',
    source: "import { x } from '../../profiles/manus/manus-profile.ts';",
    violates: true,
  },
  {
    path: 'src/agent/toolkit/runtime-probe.ts',
    source: "import { x } from '../runtime/runtime.ts';",
    violates: true,
  },
  { path: 'src/agent/engine/probe.ts', source: "import { x } from '../profiles/index.ts';", violates: true },
  {
    path: 'src/agent/engine/context/probe.ts',
    source: "import { x } from '../../runtime/run-locks.ts';",
    violates: true,
  },
  {
    path: 'src/agent/runtime/probe.ts',
    source: "import { x } from '../profiles/muxd/common/x-post-mark.ts';",
    violates: true,
  },
  {
    path: 'src/agent/profiles/manus/tools/probe/probe.ts',
    source: "import { x } from '@/agent/engine/loop.ts';",
    violates: true,
  },
  {
    path: 'src/agent/profiles/muxd/tools/probe/llm-probe.ts',
    source: "import type { x } from '@/agent/llm/chat-messages.ts';",
    violates: true,
  },
  {
    path: 'src/agent/profiles/manus/tools/probe/storage-probe.ts',
    source: "import { x } from '@/storage/db.ts';",
    violates: true,
  },
  {
    path: 'src/agent/profiles/openmanus/tools/probe/probe.ts',
    source: "import { x } from '@/agent/profiles/manus/tools/shell/shell.ts';",
    violates: true,
  },
  {
    path: 'src/agent/profiles/muxd/common/probe.ts',
    source: "import { x } from '../../openmanus/common/web-results.ts';",
    violates: true,
  },
  {
    path: 'src/agent/toolkit/storage-probe.ts',
    source: "import { x } from '../../storage/db.ts';",
    violates: true,
  },
  {
    path: 'src/agent/engine/schedules-probe.ts',
    source: "import { x } from '../../schedules/schedule-words.ts';",
    violates: true,
  },
  {
    path: 'src/agent/profiles/manus/tools/probe/list-probe.ts',
    source: "import { x } from '@/agent/profiles/index.ts';",
    violates: true,
  },
  {
    path: 'src/agent/profiles/muxd/pwa-probe.ts',
    source: "import { x } from '@/pwa/lazy-chunks.ts';",
    violates: true,
  },
  {
    path: 'workers/toolkit-probe.ts',
    source: "import { x } from '../src/agent/toolkit/define-tool.ts';",
    violates: true,
  },
  {
    path: 'src/state/thread/ui-probe.ts',
    source: "import { x } from '../../ui/app/app.tsx';",
    violates: true,
  },
  {
    path: 'src/host/bundle-probe.ts',
    source: "import { x } from '../bundle/bundle-format.ts';",
    violates: true,
  },
  {
    path: 'src/sandbox/schedules-probe.ts',
    source: "import { x } from '../schedules/schedule-words.ts';",
    violates: true,
  },
  {
    path: 'src/storage/agent-probe.test.ts',
    source: "import { x } from '../agent/engine/journal.ts';",
    violates: true,
  },
  // The shared folders: each refuses what its message says.
  { path: 'src/storage/pwa-probe.ts', source: "import { x } from '../pwa/lazy-chunks.ts';", violates: true },
  { path: 'src/pwa/probe.ts', source: "import { x } from '../storage/db.ts';", violates: true },
  { path: 'src/bundle/probe.ts', source: "import { x } from '../storage/db.ts';", violates: true },
  { path: 'src/schedules/probe.ts', source: "import { x } from '../storage/db.ts';", violates: true },
  {
    path: 'src/sandbox/agent-probe.ts',
    source: "import { x } from '../agent/engine/journal.ts';",
    violates: true,
  },
  // Allowed: each layer reads the ones below it; tests may use real profiles as fixtures.
  { path: 'src/agent/llm/ok.ts', source: "import { x } from '../../protocol/events.ts';", violates: false },
  { path: 'src/agent/toolkit/ok.ts', source: "import { x } from '../llm/call-shapes.ts';", violates: false },
  {
    path: 'src/agent/engine/ok.ts',
    source: "import { x } from '../toolkit/define-tool.ts';\nimport { y } from '../../storage/db.ts';",
    violates: false,
  },
  { path: 'src/agent/runtime/ok.ts', source: "import { x } from '../engine/loop.ts';", violates: false },
  {
    path: 'src/agent/profiles/openmanus/tools/ok/ok.ts',
    source:
      "import { x } from '../../common/web-results.ts';\nimport { y } from '@/agent/toolkit/define-tool.ts';",
    violates: false,
  },
  {
    path: 'src/agent/engine/ok.test.ts',
    source: "import { x } from '../profiles/manus/manus-profile.ts';",
    violates: false,
  },
  { path: 'src/storage/ok.ts', source: "import { x } from '../bundle/bundle-format.ts';", violates: false },
  { path: 'src/pwa/ok.ts', source: "import { x } from '../storage/db-name.ts';", violates: false },
  { path: 'src/pwa/ok.test.ts', source: "import { x } from '../storage/db.ts';", violates: false },
  {
    path: 'src/agent/profiles/manus/tools/ok/schedule-ok.ts',
    source: "import { x } from '@/schedules/schedule-words.ts';",
    violates: false,
  },
  { path: 'workers/ok.ts', source: "import { x } from '../src/agent/profiles/index.ts';", violates: false },
  // Allowed: everyone reads protocol/, protocol reads zod and itself.
  {
    path: 'src/ui/thread/ok.tsx',
    source: "import { x } from '../../protocol/envelope.ts';",
    violates: false,
  },
  {
    path: 'src/agent/engine/protocol-ok.ts',
    source: "import { x } from '../../protocol/events.ts';",
    violates: false,
  },
  { path: 'src/state/thread/ok.ts', source: "import { x } from '../../storage/db.ts';", violates: false },
  {
    path: 'src/protocol/ok.ts',
    source: "import { z as x } from 'zod';\nimport { y } from './envelope.ts';",
    violates: false,
  },
  { path: 'src/protocol/tool-meta/ok.ts', source: "import { x } from '../envelope.ts';", violates: false },
  // Packages: protocol/ reads zod only, preview pages carry only their own few, worker code never solid-js.
  { path: 'src/preview-runtime/probe.ts', source: "import x from 'dexie';", violates: true },
  { path: 'src/preview-runtime/ok.ts', source: "import x from 'devalue';", violates: false },
  { path: 'src/protocol/ok.test.ts', source: "import { it as x } from 'vitest';", violates: false },
  {
    path: 'src/sandbox/solid-probe.test.ts',
    source: "import { createSignal as x } from 'solid-js';",
    violates: true,
  },
  // A test uses real parts of its own thread and the shared layers, never the other thread's code.
  {
    path: 'src/ui/thread/probe.test.ts',
    source: "import { x } from '@/agent/engine/loop.ts';",
    violates: true,
  },
  { path: 'src/ui/thread/ok.test.ts', source: "import { x } from '@/storage/db.ts';", violates: false },
  // The service worker reads the database's name, never Dexie's schema.
  { path: 'src/pwa/db-probe.ts', source: "import { x } from '../storage/db.ts';", violates: true },
  // Aliases are checked like relative paths; a relative path never climbs three folders.
  {
    path: 'src/state/thread/alias-probe.ts',
    source: "import { x } from '@/ui/app/app.tsx';",
    violates: true,
  },
  {
    path: 'src/agent/profiles/manus/tools/probe/climb-probe.ts',
    // Built from parts, so the check of this very file does not take it for an import.
    source: `import { x } from '${'../'.repeat(4)}toolkit/define-tool.ts';`,
    violates: true,
  },
  {
    path: 'tests/e2e/climb-probe.ts',
    source: `import { x } from '${'../'.repeat(3)}src/protocol/envelope.ts';`,
    violates: true,
  },
  // A new profile is a layer of its own by being a folder: no rule names it.
  {
    path: 'src/agent/profiles/newcomer/tools/probe/probe.ts',
    source: "import { x } from '@/agent/profiles/manus/tools/shell/shell.ts';",
    violates: true,
  },
  {
    path: 'src/agent/profiles/newcomer/tools/ok/ok.ts',
    source: "import { x } from '@/agent/toolkit/define-tool.ts';",
    violates: false,
  },
];

/** Two modules that import each other (type-only imports count: a cycle is a cycle to a reader). */
const CYCLE_PROBES = [
  {
    path: 'src/agent/engine/cycle-a.ts',
    source: "import type { y } from './cycle-b.ts';\nexport type x = y;",
  },
  {
    path: 'src/agent/engine/cycle-b.ts',
    source: "import type { x } from './cycle-a.ts';\nexport type y = x;",
  },
];

type Diagnostic = { category: string; location: { path: string } };

let scratch: string;
let problems: string[];
let diagnostics: Diagnostic[];

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'sandpiper-layering-'));
  writeFileSync(join(scratch, 'biome.json'), readFileSync(join(REPOSITORY, 'biome.json')));
  for (const probe of [...PROBES, ...CYCLE_PROBES]) {
    mkdirSync(dirname(join(scratch, probe.path)), { recursive: true });
    writeFileSync(join(scratch, probe.path), `${probe.source}\nexport const probe = 1;\n`);
  }
  problems = layeringProblems(scratch);
  let output: string;
  try {
    output = execFileSync(BIOME, ['lint', '--vcs-enabled=false', '--reporter=json', '.'], {
      cwd: scratch,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // Biome exits non-zero when it reports errors; the report is still on stdout.
    output = String((error as { stdout?: unknown }).stdout ?? '');
  }
  diagnostics = (JSON.parse(output) as { diagnostics: Diagnostic[] }).diagnostics;
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the layering rule (scripts/layers/layers.ts)', () => {
  it.each(PROBES)('$path importing `$source` is refused: $violates', (probe) => {
    const refusals = problems.filter((problem) => problem.startsWith(`${probe.path}`));
    expect(refusals.length > 0, refusals.join('\n')).toBe(probe.violates);
  });
});

describe('the import-cycle rule in biome.json', () => {
  it('refuses two modules that import each other, even by type only', () => {
    const cycles = diagnostics.filter(
      (diagnostic) => diagnostic.category === 'lint/suspicious/noImportCycles',
    );
    const paths = cycles.map((diagnostic) => diagnostic.location.path.replace(/\\/g, '/')).sort();
    expect(paths).toEqual(CYCLE_PROBES.map((probe) => probe.path));
  });
});
