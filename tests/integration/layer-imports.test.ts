import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  appImports,
  countsByPair,
  type Import,
  LAYER_RULES,
  layeringProblems,
  layerOf,
  THREADS,
  violations,
} from '~/scripts/layers/layers.ts';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const existsInTree = (folder: string) => existsSync(join(REPOSITORY, folder));

const imported = (from: string, to: string): Import => {
  const a = layerOf(from);
  const b = layerOf(to);
  if (!a || !b) throw new Error(`no layer for ${from} or ${to}`);
  return { from, to, layers: [a, b] };
};

describe('the layers of the real tree', () => {
  it('every import of the app is one its layer’s rule allows', () => {
    const imports = appImports(REPOSITORY);
    const table = [...countsByPair(imports)].map(([pair, count]) => `${String(count).padStart(5)}  ${pair}`);
    console.info(`[layers] ${imports.length} imports; between layers:\n${table.join('\n')}`);
    // The scan sees the whole tree (a broken pattern would find nothing and pass).
    expect(imports.length).toBeGreaterThan(2000);
    expect(table.some((line) => line.endsWith('runtime → engine'))).toBe(true);
    expect(violations(imports)).toEqual([]);
  });

  it('the whole tree keeps the rule: layers, packages, tests by thread, no import climbing three folders', () => {
    expect(layeringProblems(REPOSITORY)).toEqual([]);
  });

  it('every layer the rules name is a folder of the tree', () => {
    const folders = Object.keys(LAYER_RULES).map((layer) => {
      if (layer === 'profile' || layer === 'profile-list') return 'src/agent-worker/profiles';
      const thread = (THREADS as readonly string[]).includes(layer) ? layer : undefined;
      return thread ? `src/${thread}` : THREADS.map((each) => `src/${each}/${layer}`).find(existsInTree);
    });
    expect(folders.filter((folder) => folder === undefined || !existsInTree(folder))).toEqual([]);
    // Every folder of src/ is a thread, and every file of a thread is in a layer.
    expect(
      readdirSync(join(REPOSITORY, 'src'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort(),
    ).toEqual([...THREADS].sort());
  });

  it('refuses what the rules refuse', () => {
    const refused = violations([
      imported('src/agent-worker/runtime/x.ts', 'src/agent-worker/profiles/muxd/common/x-post-mark.ts'),
      imported('src/agent-worker/profiles/manus/tools/a/a.ts', 'src/agent-worker/profiles/muxd/common/b.ts'),
      imported('src/agent-worker/profiles/manus/common/a.ts', 'src/agent-worker/profiles/index.ts'),
      imported('src/agent-worker/llm/a.ts', 'src/agent-worker/toolkit/define-tool.ts'),
      imported('src/agent-worker/toolkit/a.ts', 'src/agent-worker/engine/journal.ts'),
      imported('src/agent-worker/engine/a.ts', 'src/agent-worker/runtime/runtime.ts'),
      imported('src/shared/storage/a.ts', 'src/shared/pwa/lazy-chunks.ts'),
      imported('src/page/ui/a.tsx', 'src/agent-worker/engine/loop.ts'),
    ]);
    expect(refused).toHaveLength(8);
    const allowed = violations([
      imported('src/agent-worker/profiles/manus/tools/a/a.ts', 'src/agent-worker/profiles/manus/common/b.ts'),
      imported('src/agent-worker/profiles/index.ts', 'src/agent-worker/profiles/muxd/muxd-profile.ts'),
      imported('src/agent-worker/runtime/a.ts', 'src/agent-worker/engine/loop.ts'),
      imported('src/agent-worker/engine/a.ts', 'src/agent-worker/toolkit/profile.ts'),
    ]);
    expect(allowed).toEqual([]);
  });
});
