import { z } from 'zod';
import type { ErrorKind, ToolName } from '../../protocol/envelope.ts';
import type { Plan } from '../../protocol/plan.ts';
import { type ExecChunk, SandboxError, type SandboxPort } from '../../protocol/ports/sandbox.ts';
import { type JsonSchema, toModelJsonSchema } from './model-schema.ts';

/** Tool-specific `meta` fields (seed 001 §13); `action_type` and `tool` are added by the runtime. */
export type ToolMeta = Record<string, unknown>;

/** What a tool may read and use while it runs. */
export type ToolContext = {
  conversationId: string;
  uuid: string;
  plan: Plan | null;
  signal: AbortSignal;
  now(): number;
  /** The conversation's sandbox, opened on first use (tools that never touch it never open it). */
  sandbox(): Promise<SandboxPort>;
  /** Shows output of the running action as it streams (not durable; the envelope keeps it all). */
  reportOutput(session: string, chunk: ExecChunk): void;
};

/** A finished action. `plan` is a plan change written in the same transaction as the envelope. */
export type ToolSuccess = {
  status: 'success';
  content: string;
  meta: ToolMeta;
  plan?: Plan;
  endsRun?: boolean;
};
/** A blocking question: the loop suspends until the person replies. */
export type ToolAsking = { status: 'asking'; content: string; meta: ToolMeta };
/** A failure the model can read and act on. */
export type ToolFailure = { status: 'error'; kind: ErrorKind; message: string; meta?: ToolMeta };
export type ToolOutcome = ToolSuccess | ToolAsking | ToolFailure;

/** A validated call, ready to run. */
export type PreparedCall = {
  tool: ToolName;
  /** False for tools that only compute an outcome (the runtime may commit their envelopes together). */
  hasSideEffects: boolean;
  actionType: string;
  description: string;
  params: unknown;
  execute(context: ToolContext): Promise<ToolOutcome>;
};

export type PrepareResult =
  | { ok: true; call: PreparedCall }
  | { ok: false; tool: ToolName; actionType: string; message: string };

/** A tool as the runtime sees it: the model-facing spec and a way to prepare a call. */
export type Tool = {
  name: ToolName;
  description: string;
  /** Exactly what the model sees as `function.parameters`. */
  parameters: JsonSchema;
  /** Parses and validates the model's raw JSON arguments. Never throws. */
  prepare(rawArguments: string): PrepareResult;
};

/**
 * Longest `content` an envelope keeps (a guard for the log and the UI); the rest is cut
 * with a note. What the model reads is cut much shorter, restorably (observation.ts).
 */
export const MAX_CONTENT_CHARACTERS = 1024 * 1024;

type ToolDefinition<S extends z.ZodType> = {
  name: ToolName;
  description: string;
  parameters: S;
  /**
   * False when the tool only computes its outcome from its parameters and the plan: no
   * sandbox, network or storage work of its own. Defaults to true.
   */
  hasSideEffects?: boolean;
  /** Field whose value names the action (`plan.update`), if the tool has one. */
  actionKey?: 'action' | 'type';
  /** Rewrites accepted variants (seed 001 names) to the parameters the model is told. */
  normalize?: (raw: Record<string, unknown>) => Record<string, unknown>;
  /** The human-readable text of the running envelope. */
  describe(params: z.output<S>): string;
  execute(params: z.output<S>, context: ToolContext): Promise<ToolOutcome> | ToolOutcome;
};

/**
 * Builds a tool from its zod schema: derives the model's JSON Schema once, turns bad
 * JSON and zod failures into messages the model can act on, turns a thrown error into
 * an `execution` failure, and caps the observation's size.
 */
export function defineTool<S extends z.ZodType>(definition: ToolDefinition<S>): Tool {
  const parameters = toModelJsonSchema(definition.parameters);
  const actionTypeOf = (raw: unknown): string => {
    if (!definition.actionKey || typeof raw !== 'object' || raw === null) return definition.name;
    const action = (raw as Record<string, unknown>)[definition.actionKey];
    return typeof action === 'string' && /^[a-z_]+$/.test(action)
      ? `${definition.name}.${action}`
      : definition.name;
  };

  const prepare = (rawArguments: string): PrepareResult => {
    const fail = (actionType: string, message: string): PrepareResult => ({
      ok: false,
      tool: definition.name,
      actionType,
      message,
    });
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
    const params = parsed.data;
    return {
      ok: true,
      call: {
        tool: definition.name,
        hasSideEffects: definition.hasSideEffects ?? true,
        actionType: actionTypeOf(params),
        description: definition.describe(params),
        params,
        execute: (context) => runSafely(() => definition.execute(params, context), context.signal),
      },
    };
  };

  return { name: definition.name, description: definition.description, parameters, prepare };
}

async function runSafely(
  run: () => Promise<ToolOutcome> | ToolOutcome,
  signal: AbortSignal,
): Promise<ToolOutcome> {
  try {
    return capContent(await run());
  } catch (error) {
    if (signal.aborted) return { status: 'error', kind: 'cancelled', message: 'Stopped by the user.' };
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

function capContent(outcome: ToolOutcome): ToolOutcome {
  const cut = (text: string) =>
    text.length <= MAX_CONTENT_CHARACTERS
      ? text
      : `${text.slice(0, MAX_CONTENT_CHARACTERS)}\n… [${text.length - MAX_CONTENT_CHARACTERS} more characters cut]`;
  return outcome.status === 'error'
    ? { ...outcome, message: cut(outcome.message) }
    : { ...outcome, content: cut(outcome.content) };
}

/** A readable message from anything thrown. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
