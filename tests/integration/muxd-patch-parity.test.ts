import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patchApplyTool } from '../../src/agent-worker/profiles/muxd/tools/patch-apply/patch-apply.ts';
import type { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import { listFiles, ZOD_SOURCES } from '../fixtures/source-tree.ts';
import { openMuxdSandbox } from './muxd-harness.ts';

/**
 * patch_apply against `git apply`: a git repository holds zod's `v4/core` sources; each
 * case makes real edits to the tree (seeded, so the same every run), takes `git diff` as
 * the patch, resets the tree, then applies the patch with `git apply` on disk and with
 * patch_apply in a virtual sandbox holding the same tree, and compares the two trees.
 */

const SOURCE = join(ZOD_SOURCES, 'v4/core');
let repo: string;
let patches: string;
/** What the patches held, printed at the end: files, hunks, created, deleted, "\\ No newline" markers. */
const figures = { patches: 0, files: 0, hunks: 0, created: 0, deleted: 0, withoutFinalNewline: 0 };

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repo, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'muxd-patch-'));
  patches = mkdtempSync(join(tmpdir(), 'muxd-patches-'));
  cpSync(SOURCE, join(repo, 'src'), { recursive: true });
  git('init', '-q');
  git('-c', 'user.email=t@t', '-c', 'user.name=t', 'add', '-A');
  git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'base');
});
afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(patches, { recursive: true, force: true });
  console.log('patch_apply vs git apply:', JSON.stringify(figures));
});

/** Counts what a patch holds into `figures`. */
function count(patch: string): void {
  const lines = (pattern: RegExp) => patch.match(pattern)?.length ?? 0;
  figures.patches += 1;
  figures.files += lines(/^diff --git /gm);
  figures.hunks += lines(/^@@ /gm);
  figures.created += lines(/^new file mode/gm);
  figures.deleted += lines(/^deleted file mode/gm);
  figures.withoutFinalNewline += lines(/^\\ No newline at end of file/gm);
}

/** A small seeded generator (mulberry32), so every run makes the same edits. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every file of the work tree (not .git), relative path → text. */
function diskTree(): Map<string, string> {
  return new Map(
    listFiles(repo)
      .filter((path) => !relative(repo, path).startsWith('.git/'))
      .map((path) => [relative(repo, path), readFileSync(path, 'utf8')]),
  );
}

/** Real edits of the tree: lines changed, inserted and removed in several places of a few files, a file added in a new folder, one deleted, one left without its final newline. */
function editTree(seed: number): void {
  const next = random(seed);
  const files = [...diskTree().keys()].filter((path) => path.endsWith('.ts')).sort();
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  for (let count = 0; count < 3 + Math.floor(next() * 4); count += 1) {
    const path = join(repo, pick(files));
    const lines = readFileSync(path, 'utf8').split('\n');
    for (let edit = 0; edit < 1 + Math.floor(next() * 5); edit += 1) {
      const at = Math.floor(next() * lines.length);
      const kind = next();
      if (kind < 0.35) lines[at] = `${lines[at]} // edited ${seed}.${edit}`;
      else if (kind < 0.7)
        lines.splice(at, 0, `// inserted ${seed}.${edit}`, `const added${edit} = ${seed};`);
      else lines.splice(at, 1 + Math.floor(next() * 3));
    }
    writeFileSync(path, lines.join('\n'));
  }
  if (seed % 2 === 0) {
    mkdirSync(join(repo, `src/added-${seed}`));
    writeFileSync(join(repo, `src/added-${seed}/new file.ts`), `export const seed = ${seed};\n`);
  }
  if (seed % 3 === 0) rmSync(join(repo, pick(files.filter((path) => existsOnDisk(path)))));
  if (seed % 4 === 1) {
    const path = join(repo, pick(files.filter((path) => existsOnDisk(path))));
    writeFileSync(path, readFileSync(path, 'utf8').replace(/\n+$/, ''));
  }
}

function existsOnDisk(path: string): boolean {
  try {
    return statSync(join(repo, path)).isFile();
  } catch {
    return false;
  }
}

/** A virtual sandbox whose workspace (/home/ubuntu) holds the base tree. */
async function sandboxWithBase(base: Map<string, string>) {
  const box = await openMuxdSandbox();
  for (const [path, text] of base) await box.sandbox.writeFile(`/home/ubuntu/${path}`, text);
  return box;
}

async function sandboxTree(sandbox: VirtualSandbox): Promise<Map<string, string>> {
  const tree = new Map<string, string>();
  const walk = async (directory: string) => {
    for (const entry of await sandbox.list(directory)) {
      if (entry.path.startsWith('/home/ubuntu/.sandpiper')) continue;
      if (entry.kind === 'directory') await walk(entry.path);
      else tree.set(entry.path.slice('/home/ubuntu/'.length), await sandbox.readText(entry.path));
    }
  };
  await walk('/home/ubuntu');
  return tree;
}

const SEEDS = Array.from({ length: 12 }, (_, index) => index + 1);
const sorted = (tree: Map<string, string>) => [...tree.entries()].sort(([a], [b]) => (a < b ? -1 : 1));

describe('patch_apply parity with git apply on real edits of a source tree', () => {
  let base: Map<string, string>;
  beforeAll(() => {
    base = diskTree();
  });

  it.each(SEEDS)('edit set %i: the same tree as git apply', async (seed) => {
    editTree(seed);
    git('add', '-A');
    const patch = git('diff', '--cached', '--no-renames', '--no-color');
    git('reset', '-q');
    git('checkout', '-q', '--', '.');
    git('clean', '-qfd');
    expect(patch).toMatch(/^@@ /m);
    count(patch);
    writeFileSync(join(patches, `${seed}.patch`), patch);
    git('apply', join(patches, `${seed}.patch`));
    const expected = diskTree();
    git('checkout', '-q', '--', '.');
    git('clean', '-qfd');

    const box = await sandboxWithBase(base);
    const prepared = patchApplyTool.prepare(JSON.stringify({ patch }));
    if (!prepared.ok) throw new Error(prepared.message);
    const result = await prepared.execute!(box.context);
    expect(result.status === 'error' ? result.message : 'applied').toBe('applied');
    expect(sorted(await sandboxTree(box.sandbox))).toEqual(sorted(expected));
    box.close();
  });

  it('covered new files, deleted files and missing final newlines', () => {
    expect(figures.patches).toBe(SEEDS.length);
    expect(figures.created).toBeGreaterThan(0);
    expect(figures.deleted).toBeGreaterThan(0);
    expect(figures.withoutFinalNewline).toBeGreaterThan(0);
  });

  it('refuses, like git apply, a patch whose context no longer matches, and changes nothing', async () => {
    editTree(5);
    git('add', '-A');
    const patch = git('diff', '--cached', '--no-renames', '--no-color');
    git('reset', '-q');
    git('checkout', '-q', '--', '.');
    git('clean', '-qfd');
    // The tree moves on under the patch: every line the patch touches in its first file changes.
    const firstFile = patch.match(/^\+\+\+ b\/(.+)$/m)![1]!;
    const drifted = new Map(base);
    drifted.set(firstFile, base.get(firstFile)!.replaceAll(/^(.+)$/gm, '$1 /* drifted */'));
    writeFileSync(join(repo, firstFile), drifted.get(firstFile)!);
    const patchPath = join(patches, 'stale.patch');
    writeFileSync(patchPath, patch);
    expect(() => git('apply', '--check', patchPath)).toThrow();
    git('checkout', '-q', '--', '.');

    const box = await sandboxWithBase(drifted);
    const prepared = patchApplyTool.prepare(JSON.stringify({ patch }));
    if (!prepared.ok) throw new Error(prepared.message);
    const result = await prepared.execute!(box.context);
    expect(result.status).toBe('error');
    if (result.status === 'error') expect(result.message).toMatch(/context mismatch at line \d+: expected /);
    expect(sorted(await sandboxTree(box.sandbox))).toEqual(sorted(drifted));
    box.close();
  });
});
