import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { manusProfile } from '@/agent-worker/profiles/manus/manus-profile.ts';

import { toolCallSchema } from './tool-call-schema.ts';

const SHAPES = manusProfile.callShapes;

/** A validator for a built schema, through zod's JSON Schema reader (a real JSON Schema implementation). */
function validatorFor(schema: unknown) {
  const parsed = z.fromJSONSchema(JSON.parse(JSON.stringify(schema)));
  return (value: unknown) => parsed.safeParse(value).success;
}

const PHASES = [
  { id: 1, title: 'Plan', capabilities: { web: true } },
  { id: 2, title: 'Deliver', capabilities: {} },
];

/** Calls every tool accepts, one for each of several tools. */
const VALID_CALLS = [
  { name: 'message', arguments: { type: 'info', text: 'On it.' } },
  { name: 'message', arguments: { type: 'result', text: 'Done.', attachments: ['/home/ubuntu/a.md'] } },
  { name: 'plan', arguments: { action: 'update', goal: 'Ship it', phases: PHASES } },
  { name: 'plan', arguments: { action: 'advance', current_phase_id: 1, next_phase_id: 2 } },
  { name: 'shell', arguments: { action: 'exec', brief: 'List', session: 'main', command: 'ls' } },
];

/** Calls that are wrong, and why. */
const INVALID_CALLS: [string, unknown][] = [
  ['an unknown tool', { name: 'teleport', arguments: { to: 'mars' } }],
  ['a value outside an enum', { name: 'message', arguments: { type: 'shout', text: 'Hi' } }],
  ['a missing required parameter', { name: 'message', arguments: { type: 'info' } }],
  ['a wrongly typed parameter', { name: 'plan', arguments: { action: 'update', goal: 'x', phases: 'many' } }],
  ["one tool's arguments under another's name", { name: 'plan', arguments: { type: 'info', text: 'Hi' } }],
  ['no arguments', { name: 'message' }],
  ['an action without a field it requires', { name: 'file', arguments: { action: 'write', path: '/a' } }],
  ['an action the tool does not have', { name: 'file', arguments: { action: 'burn', path: '/a' } }],
  ['a key beside name and arguments', { name: 'message', arguments: { type: 'info', text: 'Hi' }, id: 1 }],
  ['two calls in an array', [{ name: 'message', arguments: { type: 'info', text: 'Hi' } }]],
];

describe('toolCallSchema', () => {
  const free = validatorFor(toolCallSchema(SHAPES, null, 'object'));

  it('admits a correct call of any tool, and the tool itself accepts each one', () => {
    for (const call of VALID_CALLS) {
      expect(free(call), JSON.stringify(call)).toBe(true);
      expect(manusProfile.findTool(call.name)?.prepare(JSON.stringify(call.arguments)).ok, call.name).toBe(
        true,
      );
    }
  });

  it.each(INVALID_CALLS)('refuses %s', (_why, call) => {
    expect(free(call)).toBe(false);
  });

  it('is the union of the tools’ call shapes, one branch per action, in the tool order', () => {
    type Branch = { properties: { name: { const: string }; arguments: unknown } };
    const schema = toolCallSchema(SHAPES, null, 'object') as { anyOf: Branch[] };
    expect(schema.anyOf.map((branch) => branch.properties.name.const)).toEqual(
      SHAPES.map((shape) => shape.tool),
    );
    schema.anyOf.forEach((branch, index) => {
      expect(branch.properties.arguments).toEqual(SHAPES[index]?.parameters);
    });
    expect(new Set(SHAPES.map((shape) => shape.tool))).toEqual(
      new Set(manusProfile.specs.map((spec) => spec.function.name)),
    );
    expect(JSON.stringify(toolCallSchema(SHAPES, null, 'object'))).toBe(JSON.stringify(schema));
  });

  it('admits only the forced tool and action when one is forced', () => {
    const forced = validatorFor(
      toolCallSchema(SHAPES, { tool: 'plan', actionType: 'plan.update' }, 'object'),
    );
    expect(forced(VALID_CALLS[2])).toBe(true);
    expect(forced(VALID_CALLS[3])).toBe(false);
    expect(forced(VALID_CALLS[0])).toBe(false);
    const info = validatorFor(
      toolCallSchema(SHAPES, { tool: 'message', actionType: 'message.info' }, 'object'),
    );
    expect(info(VALID_CALLS[0])).toBe(true);
    expect(info(VALID_CALLS[1])).toBe(false);
  });

  it('writes the Hermes format as an array of exactly one call, arguments first', () => {
    const schema = toolCallSchema(
      SHAPES,
      { tool: 'message', actionType: 'message.info' },
      'hermes_array',
    ) as { items: { properties: object } };
    expect(Object.keys(schema.items.properties)).toEqual(['arguments', 'name']);
    const hermes = validatorFor(schema);
    const call = { arguments: { type: 'info', text: 'Hi' }, name: 'message' };
    expect(hermes([call])).toBe(true);
    expect(hermes([])).toBe(false);
    expect(hermes([call, call])).toBe(false);
    expect(hermes(call)).toBe(false);
  });

  it('refuses to force a tool that was not offered', () => {
    expect(() => toolCallSchema(SHAPES, { tool: 'teleport', actionType: 'teleport' }, 'object')).toThrow(
      /not among the tools/,
    );
  });
});
