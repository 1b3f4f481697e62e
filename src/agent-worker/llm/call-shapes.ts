import { type JsonSchema, rewriteProse } from './model-schema.ts';

/**
 * One shape a valid call of a tool can take, for generation under a grammar: the tool,
 * one of its actions, and the arguments' JSON Schema for that action alone (the action
 * pinned with `const`, the fields that action requires required, prose left out).
 */
export type CallShape = { tool: string; actionType: string; parameters: JsonSchema };

/**
 * The call shapes of a tool: one per value of its action field (`file.write` requires
 * `text`, `plan.update` requires `goal` and `phases`, …), or one for a tool without
 * actions. `requiredFor` lists, per action value, the fields seed 000 says are "Required
 * for" it beyond the schema's own `required` (a required list needs an item). A call generated under any of these
 * schemas is a call the tool's validation accepts (as far as JSON Schema can say).
 */
export function callShapesOf(
  tool: string,
  parameters: JsonSchema,
  actionKey: string | undefined,
  requiredFor: Readonly<Record<string, readonly string[]>> = {},
): CallShape[] {
  // A grammar has no use for prose.
  const bare = rewriteProse(parameters, () => undefined);
  const properties = objectField(bare, 'properties');
  const actions = actionKey ? (objectField(properties, actionKey).enum as unknown[] | undefined) : undefined;
  if (!actionKey || !Array.isArray(actions)) return [{ tool, actionType: tool, parameters: bare }];
  const baseRequired = Array.isArray(bare.required) ? (bare.required as string[]) : [];
  return actions
    .filter((action): action is string => typeof action === 'string')
    .map((action) => ({
      tool,
      actionType: `${tool}.${action}`,
      parameters: {
        ...bare,
        properties: {
          ...properties,
          ...nonEmptyLists(properties, requiredFor[action] ?? []),
          [actionKey]: { const: action },
        },
        required: unique([actionKey, ...baseRequired, ...(requiredFor[action] ?? [])]).filter(
          (field) => field in properties,
        ),
      },
    }));
}

/**
 * The lists an action requires, held to at least one item: an action that needs a list
 * (`plan.update`'s phases, `file.edit`'s edits) is refused with an empty one.
 */
function nonEmptyLists(properties: JsonSchema, required: readonly string[]): JsonSchema {
  const lists: JsonSchema = {};
  for (const field of required) {
    const property = objectField(properties, field);
    if (property.type === 'array' && property.minItems === undefined)
      lists[field] = { ...property, minItems: 1 };
  }
  return lists;
}

function objectField(schema: JsonSchema, key: string): JsonSchema {
  const value = schema[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonSchema) : {};
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
