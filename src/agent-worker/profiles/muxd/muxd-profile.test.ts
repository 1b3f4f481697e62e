import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedSeed, skipEachWithoutShared } from '~/tests/shared-folder.ts';
import { muxdProfile } from './muxd-profile.ts';

type Node = Record<string, unknown>;
type SeedParameter = { name: string; type: string; isRequired: boolean; description: string };

/** Seed 004's tools that this profile's core implements, in the seed's order. */
const CORE_TOOLS = [
  'file_read',
  'file_write',
  'file_edit',
  'bash',
  'grep',
  'list_files',
  'ask_user',
  'todo_read',
  'todo_write',
  'web_search',
  'web_fetch',
  'patch_apply',
  'plan_enter',
  'plan_exit',
];

const seedFile = sharedSeed('004');
const seed = seedFile.path ? readFileSync(seedFile.path, 'utf8') : '';

/** A tool's section of seed 004 (from its `## name` heading to the next). */
function section(name: string): string {
  return seed.split(/\n## /).find((part) => part.startsWith(`${name}\n`)) ?? '';
}

/** The rows of the first markdown table after `heading` in `text`. */
function tableAfter(text: string, heading: string): SeedParameter[] {
  const start = text.indexOf(heading);
  if (start < 0) return [];
  const rows: SeedParameter[] = [];
  for (const line of text.slice(start).split('\n').slice(1)) {
    if (rows.length > 0 && !line.startsWith('|')) break;
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length !== 4 || !cells[0]!.startsWith('`')) continue;
    rows.push({
      name: cells[0]!.replaceAll('`', ''),
      type: cells[1]!,
      isRequired: cells[2] === 'yes',
      description: cells[3]!,
    });
  }
  return rows;
}

const SEED_TYPES: Record<string, string> = {
  string: 'string',
  integer: 'integer',
  boolean: 'boolean',
  array: 'array',
};

function expectSchemaMatches(schema: Node, rows: SeedParameter[]): void {
  const properties = (schema.properties ?? {}) as Record<string, Node>;
  expect(Object.keys(properties)).toEqual(rows.map((row) => row.name));
  for (const row of rows) {
    expect(properties[row.name]?.type, row.name).toBe(SEED_TYPES[row.type]);
    expect(properties[row.name]?.description, row.name).toBe(row.description);
  }
  expect([...((schema.required as string[] | undefined) ?? [])].sort()).toEqual(
    rows
      .filter((row) => row.isRequired)
      .map((row) => row.name)
      .sort(),
  );
}

describe('muxd tool registry', () => {
  it('lists seed 004’s core tools in its order', () => {
    expect(muxdProfile.tools.map((tool) => tool.name).filter((name) => CORE_TOOLS.includes(name))).toEqual(
      CORE_TOOLS,
    );
  });

  it('pins every JSON Schema the model sees', () => {
    expect(muxdProfile.specs.map((spec) => spec.function)).toMatchSnapshot();
  });

  it('pins the system prompt (constant: no dates, no counters)', () => {
    expect(muxdProfile.systemPrompt).toMatchSnapshot();
    expect(muxdProfile.systemPrompt).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('gives muxd’s calls their roles: ask_user asks, todo_write sets the plan, nothing else has one', () => {
    const roleOf = (tool: string) => muxdProfile.roleOf({ tool, actionType: tool });
    expect(roleOf('ask_user')).toBe('ask');
    expect(roleOf('todo_write')).toBe('plan');
    for (const tool of CORE_TOOLS.filter((name) => name !== 'ask_user' && name !== 'todo_write')) {
      expect(roleOf(tool), tool).toBeNull();
    }
    expect(muxdProfile.openingSteps).toEqual([]);
    expect(muxdProfile.runtimeAsk.tool).toBe('ask_user');
    // As in muxd, a reply without a tool call is the answer and ends the turn.
    expect(muxdProfile.endsOnTextReply).toBe(true);
  });

  describe('word for word with seed 004 in ../shared (skipped where it is absent)', () => {
    skipEachWithoutShared(seedFile);
    it.each(CORE_TOOLS)('%s: the description is the seed’s summary, the parameters its table', (name) => {
      const text = section(name);
      expect(text, `section of ${name}`).not.toBe('');
      const summary = text.split('\n\n')[1]!.trim();
      const tool = muxdProfile.findTool(name)!;
      expect(tool.description).toBe(summary);
      const rows = tableAfter(text, '### Parameters');
      if (text.includes('None. This tool takes no parameters.')) expect(rows).toEqual([]);
      expectSchemaMatches(tool.parameters as Node, rows);
    });

    it('todo_write: each item has the seed’s fields, and status its three values', () => {
      const text = section('todo_write');
      const items = ((muxdProfile.findTool('todo_write')!.parameters.properties as Record<string, Node>)
        .todos!.items ?? {}) as Node;
      expectSchemaMatches(items, tableAfter(text, 'Each todo item object has:'));
      expect(((items.properties as Record<string, Node>).status as Node).enum).toEqual([
        'pending',
        'in_progress',
        'completed',
      ]);
    });
  });
});
