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
  {
    path: 'src/page/ui/thread/probe.tsx',
    source: "import { x } from '@/agent-worker/loop.ts';",
    violates: true,
  },
  {
    path: 'src/page/ui/thread/lazy-probe.tsx',
    source: "export const load = () => import('@/agent-worker/sandbox/virtual/virtual-sandbox.ts');",
    violates: true,
  },
  {
    path: 'src/page/state/thread/probe.ts',
    source: "import { x } from '@/agent-worker/sandbox/sandbox-paths.ts';",
    violates: true,
  },
  {
    path: 'src/page/host/probe.ts',
    source: "import { x } from '../../agent-worker/runtime.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/probe.ts',
    source: "import { x } from '../page/state/app/ui-store.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/solid-probe.ts',
    source: "import { createSignal as x } from 'solid-js';",
    violates: true,
  },
  {
    path: 'src/agent-worker/sandbox/probe.ts',
    source: "import { x } from '../../page/ui/app/app.tsx';",
    violates: true,
  },
  {
    path: 'src/agent-worker/entry-probe.ts',
    source: "import { x } from '../page/host/node-runtime-host.ts';",
    violates: true,
  },
  {
    path: 'src/shared/storage/probe.ts',
    source: "import { x } from '../../agent-worker/journal.ts';",
    violates: true,
  },
  { path: 'src/shared/protocol/probe.ts', source: "import { x } from '../storage/db.ts';", violates: true },
  { path: 'src/shared/protocol/dexie-probe.ts', source: "import x from 'dexie';", violates: true },
  {
    path: 'src/shared/protocol/tool-meta/probe.ts',
    source: "import { x } from '@/agent-worker/loop.ts';",
    violates: true,
  },
  // Inside the agent: llm/ ← toolkit/ ← profiles/<id>/, engine/ ← runtime/ ← the worker.
  {
    path: 'src/agent-worker/llm/probe.ts',
    source: "import { x } from '../toolkit/define-tool.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/llm/providers/probe.ts',
    source: "import { x } from '../../engine/loop.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/llm/storage-probe.ts',
    source: "import { x } from '../../shared/storage/db.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/toolkit/probe.ts',
    source: "import { x } from '../engine/journal.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/toolkit/ports/probe.ts',
    source: "import { x } from '../../profiles/manus/manus-profile.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/toolkit/runtime-probe.ts',
    source: "import { x } from '../runtime/runtime.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/engine/probe.ts',
    source: "import { x } from '../profiles/index.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/engine/context/probe.ts',
    source: "import { x } from '../../runtime/run-locks.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/runtime/probe.ts',
    source: "import { x } from '../profiles/muxd/common/x-post-mark.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/profiles/manus/tools/probe/probe.ts',
    source: "import { x } from '@/agent-worker/engine/loop.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/profiles/muxd/tools/probe/llm-probe.ts',
    source: "import type { x } from '@/agent-worker/llm/chat-messages.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/profiles/manus/tools/probe/storage-probe.ts',
    source: "import { x } from '@/shared/storage/db.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/profiles/openmanus/tools/probe/probe.ts',
    source: "import { x } from '@/agent-worker/profiles/manus/tools/shell/shell.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/profiles/muxd/common/probe.ts',
    source: "import { x } from '../../openmanus/common/web-results.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/toolkit/storage-probe.ts',
    source: "import { x } from '../../shared/storage/db.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/engine/schedules-probe.ts',
    source: "import { x } from '../../shared/schedules/schedule-words.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/profiles/manus/tools/probe/list-probe.ts',
    source: "import { x } from '@/agent-worker/profiles/index.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/profiles/muxd/pwa-probe.ts',
    source: "import { x } from '@/shared/pwa/lazy-chunks.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/toolkit-probe.ts',
    source: "import { x } from './toolkit/define-tool.ts';",
    violates: true,
  },
  {
    path: 'src/page/state/thread/ui-probe.ts',
    source: "import { x } from '../../ui/app/app.tsx';",
    violates: true,
  },
  {
    path: 'src/page/host/bundle-probe.ts',
    source: "import { x } from '../../shared/bundle/bundle-format.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/sandbox/schedules-probe.ts',
    source: "import { x } from '../../shared/schedules/schedule-words.ts';",
    violates: true,
  },
  {
    path: 'src/shared/storage/agent-probe.test.ts',
    source: "import { x } from '../../agent-worker/engine/journal.ts';",
    violates: true,
  },
  // The shared folders: each refuses what its message says.
  {
    path: 'src/shared/storage/pwa-probe.ts',
    source: "import { x } from '../pwa/lazy-chunks.ts';",
    violates: true,
  },
  { path: 'src/shared/pwa/probe.ts', source: "import { x } from '../storage/db.ts';", violates: true },
  { path: 'src/shared/bundle/probe.ts', source: "import { x } from '../storage/db.ts';", violates: true },
  { path: 'src/shared/schedules/probe.ts', source: "import { x } from '../storage/db.ts';", violates: true },
  {
    path: 'src/agent-worker/sandbox/agent-probe.ts',
    source: "import { x } from '../engine/journal.ts';",
    violates: true,
  },
  // Allowed: each layer reads the ones below it; tests may use real profiles as fixtures.
  {
    path: 'src/agent-worker/llm/ok.ts',
    source: "import { x } from '../../shared/protocol/events.ts';",
    violates: false,
  },
  {
    path: 'src/agent-worker/toolkit/ok.ts',
    source: "import { x } from '../llm/call-shapes.ts';",
    violates: false,
  },
  {
    path: 'src/agent-worker/engine/ok.ts',
    source: "import { x } from '../toolkit/define-tool.ts';\nimport { y } from '../../shared/storage/db.ts';",
    violates: false,
  },
  {
    path: 'src/agent-worker/runtime/ok.ts',
    source: "import { x } from '../engine/loop.ts';",
    violates: false,
  },
  {
    path: 'src/agent-worker/profiles/openmanus/tools/ok/ok.ts',
    source:
      "import { x } from '../../common/web-results.ts';\nimport { y } from '@/agent-worker/toolkit/define-tool.ts';",
    violates: false,
  },
  {
    path: 'src/agent-worker/engine/ok.test.ts',
    source: "import { x } from '../profiles/manus/manus-profile.ts';",
    violates: false,
  },
  {
    path: 'src/shared/storage/ok.ts',
    source: "import { x } from '../bundle/bundle-format.ts';",
    violates: false,
  },
  { path: 'src/shared/pwa/ok.ts', source: "import { x } from '../storage/db-name.ts';", violates: false },
  { path: 'src/shared/pwa/ok.test.ts', source: "import { x } from '../storage/db.ts';", violates: false },
  {
    path: 'src/agent-worker/profiles/manus/tools/ok/schedule-ok.ts',
    source: "import { x } from '@/shared/schedules/schedule-words.ts';",
    violates: false,
  },
  { path: 'src/agent-worker/ok.ts', source: "import { x } from './profiles/index.ts';", violates: false },
  // Allowed: everyone reads protocol/, protocol reads zod and itself.
  {
    path: 'src/page/ui/thread/ok.tsx',
    source: "import { x } from '@/shared/protocol/envelope.ts';",
    violates: false,
  },
  {
    path: 'src/agent-worker/engine/protocol-ok.ts',
    source: "import { x } from '../../shared/protocol/events.ts';",
    violates: false,
  },
  {
    path: 'src/page/state/thread/ok.ts',
    source: "import { x } from '@/shared/storage/db.ts';",
    violates: false,
  },
  {
    path: 'src/shared/protocol/ok.ts',
    source: "import { z as x } from 'zod';\nimport { y } from './envelope.ts';",
    violates: false,
  },
  {
    path: 'src/shared/protocol/tool-meta/ok.ts',
    source: "import { x } from '../envelope.ts';",
    violates: false,
  },
  // Packages: protocol/ reads zod only, preview pages carry only their own few, worker code never solid-js.
  { path: 'src/preview-frame/probe.ts', source: "import x from 'dexie';", violates: true },
  { path: 'src/preview-frame/ok.ts', source: "import x from 'devalue';", violates: false },
  { path: 'src/shared/protocol/ok.test.ts', source: "import { it as x } from 'vitest';", violates: false },
  {
    path: 'src/agent-worker/sandbox/solid-probe.test.ts',
    source: "import { createSignal as x } from 'solid-js';",
    violates: true,
  },
  // A test uses real parts of its own thread and the shared layers, never the other thread's code.
  {
    path: 'src/page/ui/thread/probe.test.ts',
    source: "import { x } from '@/agent-worker/engine/loop.ts';",
    violates: true,
  },
  {
    path: 'src/page/ui/thread/ok.test.ts',
    source: "import { x } from '@/shared/storage/db.ts';",
    violates: false,
  },
  // The service worker reads the database's name, never Dexie's schema.
  { path: 'src/shared/pwa/db-probe.ts', source: "import { x } from '../storage/db.ts';", violates: true },
  // Aliases are checked like relative paths; a relative path never climbs three folders.
  {
    path: 'src/page/state/thread/alias-probe.ts',
    source: "import { x } from '@/page/ui/app/app.tsx';",
    violates: true,
  },
  {
    path: 'src/agent-worker/profiles/manus/tools/probe/climb-probe.ts',
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
    path: 'src/agent-worker/profiles/newcomer/tools/probe/probe.ts',
    source: "import { x } from '@/agent-worker/profiles/manus/tools/shell/shell.ts';",
    violates: true,
  },
  {
    path: 'src/agent-worker/profiles/newcomer/tools/ok/ok.ts',
    source: "import { x } from '@/agent-worker/toolkit/define-tool.ts';",
    violates: false,
  },
];

/** Two modules that import each other (type-only imports count: a cycle is a cycle to a reader). */
const CYCLE_PROBES = [
  {
    path: 'src/agent-worker/engine/cycle-a.ts',
    source: "import type { y } from './cycle-b.ts';\nexport type x = y;",
  },
  {
    path: 'src/agent-worker/engine/cycle-b.ts',
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
