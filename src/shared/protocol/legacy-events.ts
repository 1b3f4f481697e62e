import { jsonObjectOf, keptArguments } from './events.ts';
import type { ToolRole } from './tool-roles.ts';

/**
 * Logs written before roles were recorded (database schema 2, bundle format 1) are all of
 * the Manus profile. These tables freeze how its actions read then, to fill in what the
 * runtime now records on each envelope's event; they describe old data, not the profile
 * (which lives with the agent and may grow).
 */
const LEGACY_ROLES: Readonly<Record<string, ToolRole>> = {
  'message.info': 'inform',
  'message.ask': 'ask',
  'message.result': 'result',
  'plan.update': 'plan',
  'plan.advance': 'plan',
};

/** Manus' tools, each of whose meta follows the protocol schema of its own name. */
const LEGACY_META_KINDS = new Set([
  'plan',
  'message',
  'shell',
  'file',
  'match',
  'search',
  'schedule',
  'expose',
  'browser',
  'generate',
  'slides',
  'webdev_init_project',
]);

/** The profile of a conversation row written before profiles existed: Manus', whatever the default becomes. */
export const LEGACY_PROFILE_ID = 'manus';

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null;

/**
 * Upgrades one conversation's log, oldest first, in place: each envelope's event gets the
 * role and meta kind its action had, and a running envelope's event the arguments of the
 * model call it answers (the model's JSON as parsed: older logs kept no validated copy).
 * `calls` remembers the calls of the assistant turns seen so far; pass the same map for
 * the whole log. Events that already carry a role or a kind are left as they are.
 */
export function upgradeLegacyEventBody(body: unknown, calls: Map<string, string>): void {
  if (!isRow(body)) return;
  if (body.type === 'assistant_turn' && Array.isArray(body.toolCalls)) {
    for (const call of body.toolCalls) {
      if (isRow(call) && typeof call.id === 'string' && typeof call.arguments === 'string')
        calls.set(call.id, call.arguments);
    }
    return;
  }
  if (body.type !== 'envelope' || !isRow(body.envelope) || !isRow(body.envelope.meta)) return;
  if ('role' in body || 'metaKind' in body) return;
  const { action_type: actionType, tool } = body.envelope.meta;
  const role = typeof actionType === 'string' ? LEGACY_ROLES[actionType] : undefined;
  if (role) body.role = role;
  if (typeof tool === 'string' && LEGACY_META_KINDS.has(tool)) body.metaKind = tool;
  const raw = typeof body.toolCallId === 'string' ? calls.get(body.toolCallId) : undefined;
  if (body.envelope.status === 'running' && raw !== undefined) {
    const parsed = jsonObjectOf(raw);
    if (parsed) body.arguments = keptArguments(parsed);
  }
}
