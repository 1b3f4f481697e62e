import { existsSync } from 'node:fs';
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
  violations,
} from '~/scripts/layers/layers.ts';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

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
    expect(table.some((line) => line.endsWith('agent/runtime → agent/engine'))).toBe(true);
    expect(violations(imports)).toEqual([]);
  });

  it('the whole tree keeps the rule: layers, packages, tests by thread, no import climbing three folders', () => {
    expect(layeringProblems(REPOSITORY)).toEqual([]);
  });

  it('every layer the rules name is a folder of the tree', () => {
    const folders = Object.keys(LAYER_RULES).flatMap((layer) => {
      if (layer === 'workers') return ['workers'];
      if (layer === 'profile' || layer === 'profile-list') return ['src/agent/profiles'];
      return layer === 'app-entry' ? [] : [`src/${layer}`];
    });
    expect(folders.filter((folder) => !existsSync(join(REPOSITORY, folder)))).toEqual([]);
  });

  it('refuses what the rules refuse', () => {
    const refused = violations([
      imported('src/agent/runtime/x.ts', 'src/agent/profiles/muxd/common/x-post-mark.ts'),
      imported('src/agent/profiles/manus/tools/a/a.ts', 'src/agent/profiles/muxd/common/b.ts'),
      imported('src/agent/profiles/manus/common/a.ts', 'src/agent/profiles/index.ts'),
      imported('src/agent/llm/a.ts', 'src/agent/toolkit/define-tool.ts'),
      imported('src/agent/toolkit/a.ts', 'src/agent/engine/journal.ts'),
      imported('src/agent/engine/a.ts', 'src/agent/runtime/runtime.ts'),
      imported('src/storage/a.ts', 'src/pwa/lazy-chunks.ts'),
      imported('src/ui/a.tsx', 'src/agent/engine/loop.ts'),
    ]);
    expect(refused).toHaveLength(8);
    const allowed = violations([
      imported('src/agent/profiles/manus/tools/a/a.ts', 'src/agent/profiles/manus/common/b.ts'),
      imported('src/agent/profiles/index.ts', 'src/agent/profiles/muxd/muxd-profile.ts'),
      imported('src/agent/runtime/a.ts', 'src/agent/engine/loop.ts'),
      imported('src/agent/engine/a.ts', 'src/agent/toolkit/profile.ts'),
    ]);
    expect(allowed).toEqual([]);
  });
});
