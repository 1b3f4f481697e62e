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

type Diagnostic = { category: string; location: { path: string } };

let scratch: string;
let diagnostics: Diagnostic[];

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'sandpiper-layering-'));
  writeFileSync(join(scratch, 'biome.json'), readFileSync(join(REPOSITORY, 'biome.json')));
  for (const probe of PROBES) {
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
