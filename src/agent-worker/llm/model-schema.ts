import { z } from 'zod';

/** A JSON Schema object as sent to the model in `tools[].function.parameters`. */
export type JsonSchema = { [key: string]: unknown };

/**
 * Fields that accept more than the model is told (seed 001 variants) carry the
 * JSON Schema the model sees here, keyed by their zod schema.
 */
const modelFacingRegistry = z.registry<{ modelSchema: JsonSchema }>();

/** Marks `schema` so the model sees `modelSchema` for it, whatever else it accepts. */
export function modelFacing<T extends z.ZodType>(schema: T, modelSchema: JsonSchema): T {
  modelFacingRegistry.add(schema, { modelSchema });
  return schema;
}

const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/**
 * The JSON Schema the model sees for a tool's parameters: zod's input schema with
 * model-facing overrides applied, without `$schema` or zod's safe-integer bounds.
 */
export function toModelJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (context) => {
      const override = modelFacingRegistry.get(context.zodSchema)?.modelSchema;
      if (override) {
        for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
        Object.assign(context.jsonSchema, structuredClone(override));
        return;
      }
      const target = context.jsonSchema as JsonSchema;
      if (typeof target.minimum === 'number' && SAFE_INTEGER_BOUNDS.has(target.minimum))
        delete target.minimum;
      if (typeof target.maximum === 'number' && SAFE_INTEGER_BOUNDS.has(target.maximum))
        delete target.maximum;
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** A schema keyword that holds prose for the model, not a constraint. */
export type ProseKeyword = 'description' | 'title';

/**
 * `schema` with every `description` and `title` keyword rewritten by `rewrite` (dropped
 * when it returns undefined). Property names inside `properties` are never taken for
 * keywords, so a parameter called `description` stays.
 */
export function rewriteProse(
  schema: JsonSchema,
  rewrite: (keyword: ProseKeyword, text: string) => string | undefined,
): JsonSchema {
  const walk = (value: unknown, isPropertyMap: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, false));
    if (typeof value !== 'object' || value === null) return value;
    const result: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (!isPropertyMap && (key === 'description' || key === 'title') && typeof child === 'string') {
        const text = rewrite(key, child);
        if (text !== undefined) result[key] = text;
      } else {
        result[key] = walk(child, key === 'properties' && !isPropertyMap);
      }
    }
    return result;
  };
  return walk(schema, false) as JsonSchema;
}
