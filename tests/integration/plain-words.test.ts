import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * No specification jargon ("seed 001", "seeds 000, 001", "§11") in text a person can see:
 * every string literal, template text and JSX text of the app's source (comments are free
 * to cite the specification). That covers UI strings, titles, aria-labels, toasts,
 * notices, placeholders, profile summaries, and the errors and observations the agent
 * writes, which the thread shows too.
 */

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = join(REPOSITORY, 'src');
const JARGON = /\bseeds?\s*0\d\d\b|§/i;

/** Literals that hold the character for another reason, by file. */
const ALLOWED: Record<string, readonly string[]> = {
  // The HTML entity `&sect;` decoded: a character of web text, not a section reference.
  'src/agent-worker/toolkit/web/search/providers/plain-text.ts': ['§'],
};

type Found = { line: number; text: string };

/** Every piece of text in `source` that is not a comment: strings, template text, JSX text. */
function textsOf(fileName: string, source: string): Found[] {
  const parsed = parseSync(fileName, source, { lang: fileName.endsWith('.tsx') ? 'tsx' : 'ts' });
  if (parsed.errors.length > 0) throw new Error(`${fileName} does not parse: ${parsed.errors[0]?.message}`);
  const found: Found[] = [];
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as { type?: string; value?: unknown; start?: number };
    const at = lineOf(record.start ?? 0);
    if (record.type === 'Literal' && typeof record.value === 'string')
      found.push({ line: at, text: record.value });
    if (record.type === 'JSXText' && typeof record.value === 'string')
      found.push({ line: at, text: record.value });
    if (record.type === 'TemplateElement') {
      const value = record.value as { cooked?: string | null; raw: string };
      found.push({ line: at, text: value.cooked ?? value.raw });
    }
    for (const [key, child] of Object.entries(node))
      if (key !== 'value' || record.type !== 'Literal') visit(child);
  };
  visit(parsed.program);
  return found;
}

/** The jargon in `source`, as `line: text`, minus what `allowed` lists. */
function jargonIn(fileName: string, source: string, allowed: readonly string[] = []): string[] {
  return textsOf(fileName, source)
    .filter(({ text }) => JARGON.test(text) && !allowed.includes(text))
    .map(({ line, text }) => `${line}: ${text.trim().slice(0, 120)}`);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

describe('plain words', () => {
  it('finds jargon in strings, template text and JSX text, and not in comments', () => {
    const example = [
      '// seed 001 §11 explains this',
      '/** Seed 003 §2.3: the result card. */',
      "const title = 'Result (seed 003)';",
      `const note = \`Step \${n}, see §4\`;`,
      'const view = <p aria-label="Plan">Seeds 000, 001 say so</p>;',
      "const fine = 'Seeded random, 0.01 seeds';",
    ].join('\n');
    expect(jargonIn('example.tsx', example)).toEqual([
      '3: Result (seed 003)',
      '4: , see §4',
      '5: Seeds 000, 001 say so',
    ]);
  });

  it('no text of the app speaks of the specification', () => {
    const files = sourceFiles(SOURCE);
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((path) => {
      const name = relative(REPOSITORY, path);
      return jargonIn(name, readFileSync(path, 'utf8'), ALLOWED[name]).map((hit) => `${name}:${hit}`);
    });
    expect(found).toEqual([]);
  });
});
