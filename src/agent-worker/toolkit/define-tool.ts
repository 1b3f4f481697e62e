import { z } from 'zod';
import type { ActionSummary } from '../../shared/protocol/action-summary.ts';
import { summaryText } from '../../shared/protocol/action-words.ts';
import type { ErrorKind } from '../../shared/protocol/envelope.ts';
import { jsonObjectOf } from '../../shared/protocol/events.ts';
import type { ObservationImage } from '../../shared/protocol/model-image-limits.ts';
import type { Plan } from '../../shared/protocol/phase-plan.ts';
import { SandboxError } from '../../shared/protocol/ports/sandbox-port.ts';
import { isQuotaError } from '../../shared/protocol/storage-full.ts';
import { type MetaKind, TOOL_META } from '../../shared/protocol/tool-meta/index.ts';
import type { ToolRole } from '../../shared/protocol/tool-roles.ts';
import { type CallShape, callShapesOf } from '../llm/call-shapes.ts';
import { type JsonSchema, toModelJsonSchema } from '../llm/model-schema.ts';
import type { ToolContext } from './tool-context.ts';
import { type ActionFacts, type ToolFacts, toolFacts } from './tool-facts.ts';

/** Marks a parameter's schema so the model sees another JSON Schema for it (tools import it from here). */
export { modelFacing } from '../llm/model-schema.ts';
export type { ToolContext } from './tool-context.ts';

/** Tool-specific `meta` fields (seed 001 §13); `action_type` and `tool` are added by the runtime. */
export type ToolMeta = Record<string, unknown>;

/** The `meta` a tool of kind `K` builds (the protocol schema's input), or any fields without a kind. */
export type MetaFor<K extends MetaKind | null> = K extends MetaKind
  ? z.input<(typeof TOOL_META)[K]>
  : ToolMeta;

/**
 * A finished action. `plan` is a plan change written in the same transaction as the
 * envelope (for a call whose role is `plan`). Whether the action suspends the run (an
 * ask) or ends it (the result) is the call's role, which the profile decides.
 */
export type ToolSuccess<M = ToolMeta> = {
  status: 'success';
  content: string;
  meta: M;
  plan?: Plan;
  /** Images the model is shown after the observation (only when its provider sees images). */
  images?: ObservationImage[];
  /**
   * For a call whose role is `result`: the task was given up, not done, so the run ends
   * without completing the plan's current phase (OpenManus' `terminate` with `failure`).
   */
  isGivenUp?: true;
};
/** A failure the model can read and act on. */
export type ToolFailure = { status: 'error'; kind: ErrorKind; message: string; meta?: ToolMeta };
export type ToolOutcome<M = ToolMeta> = ToolSuccess<M> | ToolFailure;

/**
 * What a model's call is, held once: its tool and action, what its running envelope says it
 * is doing, its role, the kind of its meta and its label (when the tool and action could be
 * read), and its arguments. The running envelope's `meta.{tool, action_type}` and the facts
 * recorded beside it are both written from this record (`runningEvent` in `engine/envelopes.ts`).
 */
export type ActionRecord = {
  tool: string;
  actionType: string;
  /** The running envelope's content: what the action is doing, in words. */
  description: string;
  role: ToolRole | null;
  metaKind: MetaKind | null;
  /** What the call does in the shared verbs (the thread's label for it), or null when nothing says. */
  summary: ActionSummary | null;
  /**
   * The call's arguments as validated (seed 001 variants normalised) when they are valid,
   * else as the model sent them (null when unreadable).
   */
  arguments: Record<string, unknown> | null;
};

/**
 * Whether a call may run, and how, or the failure the model is told; either way, what the
 * call is. A tool's `prepare` decides on its arguments; the runtime may still refuse a call
 * the tool accepted (`decideCall` in `engine/call-decision.ts`).
 */
export type Decision = { action: ActionRecord } & (
  | {
      ok: true;
      /** False for tools that only compute an outcome (the runtime may commit their envelopes together). */
      hasSideEffects: boolean;
      /** Runs the call; null for a tool this version does not run yet (the runtime answers for it). */
      execute: ((context: ToolContext) => Promise<ToolOutcome>) | null;
    }
  | { ok: false; kind: ErrorKind; message: string }
);

/** What the running envelope of a call that does not run says. */
export function refusedDescription(toolName: string): string {
  return `Calling ${toolName || 'a tool'}`;
}

/**
 * A tool as the runtime sees it: the model-facing spec, a way to prepare a call, and its
 * facts (each action's label, role, effect and restorable texts).
 */
export type Tool = ToolFacts & {
  name: string;
  description: string;
  /** Exactly what the model sees as `function.parameters`. */
  parameters: JsonSchema;
  /** One schema per action with what that action requires, for generation under a grammar. */
  callShapes: readonly CallShape[];
  /** The protocol schema its `meta` follows, or null for a tool whose output has none. */
  metaKind: MetaKind | null;
  /** False for a tool this version lists (the tool list never changes) but does not run yet. */
  isAvailable: boolean;
  /** Parses and validates the model's raw JSON arguments. Never throws. */
  prepare(rawArguments: string): Decision;
};

/**
 * Longest `content` an envelope keeps (a guard for the log and the UI); the rest is cut
 * with a note. What the model reads is cut much shorter, restorably (observation.ts).
 */
export const MAX_CONTENT_CHARACTERS = 1024 * 1024;

type ToolDefinitionBase<S extends z.ZodType, K extends MetaKind | null> = {
  name: string;
  description: string;
  parameters: S;
  /** The protocol schema (`TOOL_META`) its meta follows: built with it here, read with it by the UI. */
  metaKind: K;
  /**
   * False when the tool only computes its outcome from its parameters and the plan: no
   * sandbox, network or storage work of its own. Defaults to true.
   */
  hasSideEffects?: boolean;
  /**
   * Per action, the fields its description says are "Required for" it beyond the
   * schema's `required` (they stay optional in the schema the model is shown, as seed
   * 000 has them); the grammar's per-action shapes require them.
   */
  requiredFor?: Readonly<Record<string, readonly string[]>>;
  /** Rewrites accepted variants (seed 001 names) to the parameters the model is told. */
  normalize?: (raw: Record<string, unknown>) => Record<string, unknown>;
  /** Absent for a tool not built yet: the runtime then answers that it is not available. */
  execute?: (
    params: z.output<S>,
    context: ToolContext,
  ) => Promise<ToolOutcome<MetaFor<K>>> | ToolOutcome<MetaFor<K>>;
};

/**
 * Everything a tool is, in one object. A tool of several actions names the field that
 * picks one (`actionKey`: `shell.exec`, `message.ask`) and declares each action's facts
 * (`actions`, by the field's value: every value its schema allows); a tool of one action
 * declares them inline (`label`, `role`, `effect`, `restorable`).
 */
type ToolDefinition<S extends z.ZodType, K extends MetaKind | null> = ToolDefinitionBase<S, K> &
  (
    | { actionKey: 'action' | 'type' | 'command'; actions: Readonly<Record<string, ActionFacts>> }
    | ({ actionKey?: undefined; actions?: undefined } & ActionFacts)
  );

/**
 * Builds a tool from its zod schema: derives the model's JSON Schema once, turns bad
 * JSON and zod failures into messages the model can act on, turns a thrown error into
 * an `execution` failure, checks the meta it builds against its protocol schema, and
 * caps the observation's size.
 */
export function defineTool<S extends z.ZodType, K extends MetaKind | null>(
  definition: ToolDefinition<S, K>,
): Tool {
  const parameters = toModelJsonSchema(definition.parameters);
  const metaSchema = definition.metaKind === null ? null : TOOL_META[definition.metaKind];
  const facts = definition.actionKey
    ? toolFacts(definition.name, definition.actions, actionNamesOf(parameters, definition.actionKey))
    : toolFacts(definition.name, definition, null);
  const actionTypeOf = (raw: unknown): string => {
    if (!definition.actionKey || typeof raw !== 'object' || raw === null) return definition.name;
    const action = (raw as Record<string, unknown>)[definition.actionKey];
    return typeof action === 'string' && /^[a-z_]+$/.test(action)
      ? `${definition.name}.${action}`
      : definition.name;
  };

  const prepare = (rawArguments: string): Decision => {
    const fail = (actionType: string, message: string): Decision => {
      // The arguments as the model sent them, for the UI (the label says what the call tried).
      const sent = jsonObjectOf(rawArguments);
      return {
        action: {
          tool: definition.name,
          actionType,
          description: refusedDescription(definition.name),
          role: facts.roleOf(actionType),
          metaKind: definition.metaKind,
          summary: facts.summaryOf({ actionType, arguments: sent ?? {} }),
          arguments: sent,
        },
        ok: false,
        kind: 'validation',
        // A zod message can quote what the model sent (an unknown key of a megabyte).
        message: capText(message),
      };
    };
    let raw: unknown;
    try {
      raw = rawArguments.trim() === '' ? {} : JSON.parse(rawArguments);
    } catch (error) {
      return fail(
        definition.name,
        `The arguments of \`${definition.name}\` are not valid JSON (${errorText(error)}). Send one JSON object that matches the tool's schema.`,
      );
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return fail(definition.name, `The arguments of \`${definition.name}\` must be a JSON object.`);
    }
    const normalized = definition.normalize ? definition.normalize(raw as Record<string, unknown>) : raw;
    const actionType = actionTypeOf(normalized);
    const parsed = definition.parameters.safeParse(normalized);
    if (!parsed.success) {
      return fail(
        actionType,
        `Invalid arguments for \`${definition.name}\`:\n${z.prettifyError(parsed.error)}\nFix the arguments and call the tool again.`,
      );
    }
    const params = parsed.data as Record<string, unknown>;
    const { execute } = definition;
    const validatedType = actionTypeOf(params);
    const summary = facts.summaryOf({ actionType: validatedType, arguments: params }) ?? {
      verb: 'use_tool',
      target: definition.name,
    };
    return {
      action: {
        tool: definition.name,
        actionType: validatedType,
        description: capText(summaryText(summary, false)),
        role: facts.roleOf(validatedType),
        metaKind: definition.metaKind,
        summary,
        arguments: params,
      },
      ok: true,
      hasSideEffects: definition.hasSideEffects ?? true,
      execute: execute
        ? (context) =>
            runSafely(async () => {
              const outcome = await execute(parsed.data, context);
              if (outcome.status !== 'success' || !metaSchema) return outcome as ToolOutcome;
              return { ...outcome, meta: metaSchema.parse(outcome.meta) as ToolMeta };
            }, context.signal)
        : null,
    };
  };

  return {
    name: definition.name,
    description: definition.description,
    parameters,
    callShapes: callShapesOf(definition.name, parameters, definition.actionKey, definition.requiredFor),
    metaKind: definition.metaKind,
    isAvailable: definition.execute !== undefined,
    prepare,
    ...facts,
  };
}

/** The values the schema allows for the action field (`exec`, `view`… of `shell.action`). */
function actionNamesOf(parameters: JsonSchema, actionKey: string): string[] {
  const field = (parameters.properties as Record<string, { enum?: unknown[] }> | undefined)?.[actionKey];
  return (field?.enum ?? []).filter((value): value is string => typeof value === 'string');
}

async function runSafely(run: () => Promise<ToolOutcome>, signal: AbortSignal): Promise<ToolOutcome> {
  return capContent(await failureOf(run, signal));
}

async function failureOf(run: () => Promise<ToolOutcome>, signal: AbortSignal): Promise<ToolOutcome> {
  try {
    return await run();
  } catch (error) {
    if (signal.aborted) return { status: 'error', kind: 'cancelled', message: 'Stopped by the user.' };
    // A full storage is not the model's to fix: the run stops, and the person is told what to free.
    if (isQuotaError(error)) throw error;
    if (error instanceof SandboxError) {
      return {
        status: 'error',
        kind: error.kind === 'cancelled' ? 'cancelled' : 'execution',
        message: error.message,
      };
    }
    return { status: 'error', kind: 'execution', message: `The tool failed: ${errorText(error)}` };
  }
}

/** `text` held to the envelope's cap, with a note of what was cut. */
function capText(text: string): string {
  return text.length <= MAX_CONTENT_CHARACTERS
    ? text
    : `${text.slice(0, MAX_CONTENT_CHARACTERS)}\n… [${text.length - MAX_CONTENT_CHARACTERS} more characters cut]`;
}

function capContent(outcome: ToolOutcome): ToolOutcome {
  return outcome.status === 'error'
    ? { ...outcome, message: capText(outcome.message) }
    : { ...outcome, content: capText(outcome.content) };
}

/** Arguments that parse but cannot be acted on (a missing field an action needs): the model fixes them. */
export function invalidArguments(message: string): ToolFailure {
  return { status: 'error', kind: 'validation', message };
}

/** A call the rules refuse (a plan step out of order): the model must change approach. */
export function rejectedCall(message: string): ToolFailure {
  return { status: 'error', kind: 'rejected', message };
}

/** A readable message from anything thrown. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
