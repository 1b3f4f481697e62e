import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedSeed, skipWithoutShared } from '~/tests/shared-folder.ts';
import { GENERATION_ACTIONS } from './common/generation-gate.ts';
import { manusProfile } from './manus-profile.ts';

type Node = Record<string, unknown>;
const seedSchemas = JSON.parse(
  readFileSync(new URL('../../../../tests/fixtures/seed-000-schemas.json', import.meta.url), 'utf8'),
) as Record<string, Record<string, Node>>;

/** Seed 000's twelve tool names, in its order (the fixture keeps it). */
const TOOL_NAMES = Object.keys(seedSchemas);
const TOOLS = manusProfile.tools;

/** Seed 000 writes types in upper case (`STRING`); JSON Schema uses lower case. */
function fromSeed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fromSeed);
  if (node === null || typeof node !== 'object') return node;
  const result: Node = {};
  for (const [key, value] of Object.entries(node)) {
    result[key] = key === 'type' && typeof value === 'string' ? value.toLowerCase() : fromSeed(value);
  }
  return result;
}

/** Keeps the parts of a schema node that seed 000 specifies (drops `required`, which it leaves open). */
function specifiedParts(node: unknown): unknown {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const result: Node = {};
  for (const key of ['description', 'enum', 'type', 'items', 'properties']) {
    const value = (node as Node)[key];
    if (value === undefined) continue;
    result[key] =
      key === 'properties'
        ? Object.fromEntries(
            Object.entries(value as Node).map(([name, child]) => [name, specifiedParts(child)]),
          )
        : key === 'items'
          ? specifiedParts(value)
          : value;
  }
  return result;
}

describe('tool registry', () => {
  it('lists the twelve tools of seed 000 in its order, with the generation actions right after `generate`', () => {
    const names = TOOLS.map((tool) => tool.name);
    expect(names.filter((name) => TOOL_NAMES.includes(name))).toEqual([...TOOL_NAMES]);
    expect(TOOL_NAMES).toHaveLength(12);
    const generate = names.indexOf('generate');
    expect(names.slice(generate, generate + 4)).toEqual([
      'generate',
      ...GENERATION_ACTIONS.map((action) => action.tool),
    ]);
    expect(names).toHaveLength(12 + GENERATION_ACTIONS.length);
  });

  it.each(TOOL_NAMES)('gives the model exactly seed 000’s parameters for %s', (name) => {
    const tool = manusProfile.findTool(name)!;
    expect(tool.parameters.type).toBe('object');
    const properties = specifiedParts({ properties: tool.parameters.properties }) as Node;
    expect(properties.properties).toEqual(fromSeed(seedSchemas[name]));
    expect(Object.keys(tool.parameters.properties as Node)).toEqual(Object.keys(seedSchemas[name]!));
  });

  it('pins every JSON Schema the model sees', () => {
    const specs = TOOLS.map((tool) => ({ name: tool.name, parameters: tool.parameters }));
    expect(specs).toMatchSnapshot();
  });

  it('pins the rest of the prompt prefix the model sees: the system prompt and each tool’s description', () => {
    expect({
      systemPrompt: manusProfile.systemPrompt,
      descriptions: Object.fromEntries(TOOLS.map((tool) => [tool.name, tool.description])),
    }).toMatchSnapshot();
  });

  it('gives Manus’ calls their roles: message informs, asks or delivers the result by its type; plan changes the plan', () => {
    const roleOf = (tool: string, actionType: string) => manusProfile.roleOf({ tool, actionType });
    expect(roleOf('message', 'message.info')).toBe('inform');
    expect(roleOf('message', 'message.ask')).toBe('ask');
    expect(roleOf('message', 'message.result')).toBe('result');
    expect(roleOf('plan', 'plan.update')).toBe('plan');
    expect(roleOf('plan', 'plan.advance')).toBe('plan');
    expect(roleOf('message', 'message')).toBeNull();
    expect(roleOf('shell', 'shell.exec')).toBeNull();
  });

  it('gives every tool a description from its sibling text file', () => {
    for (const tool of TOOLS) expect(tool.description.length).toBeGreaterThan(100);
  });

  const seedFile = sharedSeed('000');
  it('keeps the fixture in step with seed 000 in ../shared (skipped where it is absent)', (context) => {
    skipWithoutShared(context, seedFile);
    const seed = readFileSync(seedFile.path!, 'utf8');
    for (const name of TOOL_NAMES) {
      const section = seed
        .split(/\n## \d+\. /)
        .find((part) => part.startsWith(`\`${name}\``) && part.includes('### Schema'));
      const json = section?.match(/```json\n([\s\S]*?)```/)?.[1];
      expect(json, `schema of ${name} in seed 000`).toBeDefined();
      expect(JSON.parse(json!)).toEqual(seedSchemas[name]);
    }
  });
});
