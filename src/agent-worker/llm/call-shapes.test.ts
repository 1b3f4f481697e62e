import { describe, expect, it } from 'vitest';
import { manusProfile } from '../profiles/manus/manus-profile.ts';
import { callShapesOf } from './call-shapes.ts';
import type { JsonSchema } from './model-schema.ts';

/**
 * The smallest value a schema allows, filling only what it requires: what a model
 * generating under the grammar is at least held to (the synthetic test model writes
 * exactly this much).
 */
function minimalValue(schema: JsonSchema): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return minimalValue(schema.anyOf[0] as JsonSchema);
  switch (schema.type) {
    case 'string':
      return schema.format === 'uri' ? 'https://example.com/' : 'x'.repeat(Number(schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'array': {
      const count = Number(schema.minItems ?? 0);
      return Array.from({ length: Math.max(count, 1) }, () => minimalValue(schema.items as JsonSchema));
    }
    default: {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((field) => [field, minimalValue(properties[field]!)]));
    }
  }
}

describe('callShapesOf', () => {
  it('gives one shape per action, requiring what that action requires', () => {
    const file = manusProfile.findTool('file')!;
    const shapes = Object.fromEntries(file.callShapes.map((shape) => [shape.actionType, shape.parameters]));
    expect(Object.keys(shapes)).toEqual(['file.view', 'file.read', 'file.write', 'file.append', 'file.edit']);
    expect(shapes['file.write']?.required).toEqual(['action', 'path', 'text']);
    expect(shapes['file.view']?.required).toEqual(['action', 'path']);
    expect((shapes['file.edit']!.properties as JsonSchema).action).toEqual({ const: 'edit' });
    expect(JSON.stringify(shapes)).not.toContain('"description"');
  });

  it('keeps a tool without actions whole, and a property named like a keyword', () => {
    const parameters = {
      type: 'object',
      properties: { title: { type: 'string', description: 'A title' }, description: { type: 'string' } },
      required: ['title'],
    };
    expect(callShapesOf('note', parameters, undefined)).toEqual([
      {
        tool: 'note',
        actionType: 'note',
        parameters: {
          type: 'object',
          properties: { title: { type: 'string' }, description: { type: 'string' } },
          required: ['title'],
        },
      },
    ]);
  });

  it('mirrors every "Required for `x`" of the parameter descriptions the model reads', () => {
    for (const tool of manusProfile.tools) {
      const properties = (tool.parameters.properties ?? {}) as Record<string, JsonSchema>;
      for (const [field, property] of Object.entries(properties)) {
        const match = /Required for ((?:`\w+`(?:, | and | or )?)+) (?:action|type)/.exec(
          String(property.description ?? ''),
        );
        for (const [, action] of match?.[1]?.matchAll(/`(\w+)`/g) ?? []) {
          const shape = tool.callShapes.find(
            (candidate) => candidate.actionType === `${tool.name}.${action}`,
          );
          expect(shape?.parameters.required, `${tool.name}.${action} requires ${field}`).toContain(field);
        }
      }
    }
  });

  it('makes every minimal call of every shape a call the tool accepts', () => {
    for (const tool of manusProfile.tools) {
      for (const shape of tool.callShapes) {
        const prepared = tool.prepare(JSON.stringify(minimalValue(shape.parameters)));
        expect(prepared.ok, `${shape.actionType}: ${prepared.ok ? '' : prepared.message}`).toBe(true);
        if (prepared.ok) expect(prepared.action.actionType).toBe(shape.actionType);
      }
    }
  });
});
