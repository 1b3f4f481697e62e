import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const BIOME = join(REPOSITORY, 'node_modules/.bin/biome');

/**
 * Probe files, each at a path of the real layout, that import across a boundary the
 * layering rule guards (`violates: true`) or that it must allow. They are linted with the
 * project's own biome.json in a scratch folder, so the rule itself is what is tested.
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
    source: "import { x } from '../../../../engine/loop.ts';",
    violates: true,
  },
  {
    path: 'src/agent/profiles/muxd/tools/probe/llm-probe.ts',
    source: "import type { x } from '../../../../llm/chat-messages.ts';",
    violates: true,
  },
  {
    path: 'src/agent/profiles/manus/tools/probe/storage-probe.ts',
    source: "import { x } from '../../../../../storage/db.ts';",
    violates: true,
  },
  {
    path: 'src/agent/profiles/openmanus/tools/probe/probe.ts',
    source: "import { x } from '../../../manus/tools/shell/shell.ts';",
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
    source: "import { x } from '../../../index.ts';",
    violates: true,
  },
  {
    path: 'src/agent/profiles/muxd/pwa-probe.ts',
    source: "import { x } from '../../../pwa/lazy-chunks.ts';",
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
      "import { x } from '../../common/web-results.ts';\nimport { y } from '../../../../toolkit/define-tool.ts';",
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
    source: "import { x } from '../../../../../schedules/schedule-words.ts';",
    violates: false,
  },
  { path: 'workers/ok.ts', source: "import { x } from '../src/agent/profiles/index.ts';", violates: false },
  // Allowed: everyone reads protocol/, protocol reads zod and itself.
  {
    path: 'src/ui/thread/ok.tsx',
    source: "import { x } from '../../protocol/envelope.ts';",
    violates: false,
  },
  { path: 'src/agent/ok.ts', source: "import { x } from '../protocol/events.ts';", violates: false },
  { path: 'src/state/thread/ok.ts', source: "import { x } from '../../storage/db.ts';", violates: false },
  {
    path: 'src/protocol/ok.ts',
    source: "import { z as x } from 'zod';\nimport { y } from './envelope.ts';",
    violates: false,
  },
  { path: 'src/protocol/tool-meta/ok.ts', source: "import { x } from '../envelope.ts';", violates: false },
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
let diagnostics: Diagnostic[];

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'sandpiper-layering-'));
  writeFileSync(join(scratch, 'biome.json'), readFileSync(join(REPOSITORY, 'biome.json')));
  for (const probe of [...PROBES, ...CYCLE_PROBES]) {
    mkdirSync(dirname(join(scratch, probe.path)), { recursive: true });
    writeFileSync(join(scratch, probe.path), `${probe.source}\nexport const probe = 1;\n`);
  }
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

describe('the layering rule in biome.json', () => {
  it.each(PROBES)('$path importing `$source` is refused: $violates', (probe) => {
    const refusals = diagnostics.filter(
      (diagnostic) =>
        diagnostic.category === 'lint/style/noRestrictedImports' &&
        diagnostic.location.path.replace(/\\/g, '/') === probe.path,
    );
    expect(refusals.length > 0).toBe(probe.violates);
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
