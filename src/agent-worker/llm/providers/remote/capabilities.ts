import {
  datedFindings,
  type Finding,
  type ProviderSetup,
  type ServerCapabilities,
  type ToolCallMode,
  toolCallModeOf,
} from '@/shared/protocol/providers.ts';
import type { ServerReport } from './server-probe.ts';

/** How long what a server said is trusted before it is asked again (a server may be restarted with other flags). */
export const CAPABILITIES_FRESH_MS = 10 * 60_000;

/** Findings kept per server, newest last. */
const MAX_FINDINGS = 8;

/**
 * Whether a run should ask `setup`'s server about itself first: every remote provider,
 * whatever preset it came from (a local server behind the "OpenAI" preset is still a
 * local server), when nothing fresh is known.
 */
export function shouldProbe(setup: ProviderSetup, known: ServerCapabilities | null, now: number): boolean {
  if (setup.kind !== 'openai-compatible') return false;
  return known === null || now - known.learnedAt > CAPABILITIES_FRESH_MS;
}

/**
 * What a run starts with: the person's mode where they chose one; in auto, constrained
 * when the server says its template cannot call tools, else what replies taught before
 * (a server that ignored forcing stays constrained), else native. Null when nothing is
 * known and the server said nothing (a server that is down teaches nothing, and is asked
 * again next run).
 */
export function capabilitiesFromReport(
  setup: ProviderSetup,
  known: ServerCapabilities | null,
  report: ServerReport | null,
  now: number,
): ServerCapabilities | null {
  if (known === null && (report === null || report.findings.length === 0)) return null;
  const mode = toolCallModeOf(setup);
  const saysNoTools = report?.supportsTools === false;
  // Constrained on the server's own word, which it now takes back (a template or model with tools).
  const isToolsBack =
    report?.supportsTools === true && known?.toolCalls === 'constrained' && known.constrainedBy === 'server';
  const learnedCalls = isToolsBack ? 'native' : (known?.toolCalls ?? 'native');
  const toolCalls = mode === 'auto' ? (saysNoTools ? 'constrained' : learnedCalls) : mode;
  const isForcingKnownLost = known?.forcing === 'none' && !isToolsBack;
  const forcing = toolCalls === 'constrained' ? 'by_grammar' : isForcingKnownLost ? 'none' : 'by_name';
  const heard = (report?.findings.length ?? 0) > 0;
  return {
    baseUrl: setup.baseUrl,
    model: setup.model,
    server: report?.server ?? known?.server ?? null,
    toolCalls,
    forcing,
    windowTokens: report?.windowTokens ?? known?.windowTokens ?? null,
    vision: report?.vision ?? known?.vision ?? null,
    systemRole: report?.systemRole ?? known?.systemRole ?? true,
    findings: mergeFindings(
      known?.findings ?? [],
      (report?.findings ?? []).map((text) => ({ text, at: now })),
      known?.learnedAt ?? now,
    ),
    // The server's own word that its template has no tools needs no re-check.
    recheck: saysNoTools ? null : (known?.recheck ?? null),
    constrainedBy: saysNoTools ? 'server' : isToolsBack ? null : (known?.constrainedBy ?? null),
    // A server that said nothing this time (down, loading, the run stopped) is asked again next run.
    learnedAt: heard || !known ? now : known.learnedAt,
  };
}

/**
 * What is known, under the mode the person chose now: an explicit Native or Constrained
 * wins over what auto learned before (forcing by name is assumed again until a reply
 * shows otherwise).
 */
export function underMode(capabilities: ServerCapabilities, mode: ToolCallMode): ServerCapabilities {
  if (mode === 'auto' || capabilities.toolCalls === mode) return capabilities;
  return { ...capabilities, toolCalls: mode, forcing: mode === 'constrained' ? 'by_grammar' : 'by_name' };
}

/** `capabilities` with a new finding (a reply taught something), the newest kept. */
export function withFinding(
  capabilities: ServerCapabilities,
  changes: Partial<Pick<ServerCapabilities, 'toolCalls' | 'forcing' | 'systemRole' | 'windowTokens'>>,
  finding: string,
  now: number,
): ServerCapabilities {
  return {
    ...capabilities,
    ...changes,
    findings: mergeFindings(capabilities.findings, [{ text: finding, at: now }], capabilities.learnedAt),
    learnedAt: now,
  };
}

/**
 * Where a conversation's run starts, in auto: a switch to constrained mode that rests on
 * another conversation's replies is tried again natively, once (a model that wrote one
 * off-script reply is not held to it in every later conversation). Null: start as known.
 */
export function recheckedFor(
  known: ServerCapabilities,
  mode: ToolCallMode,
  conversationId: string,
  now: number,
): ServerCapabilities | null {
  const recheck = known.recheck;
  if (mode !== 'auto' || !recheck || recheck.conversationId === conversationId) return null;
  if (known.toolCalls !== 'constrained') return { ...known, recheck: null };
  return withFinding(
    { ...known, toolCalls: 'native', forcing: 'by_name', recheck: { conversationId } },
    {},
    'Native tool calls are tried again in a new conversation: the switch to constrained mode rested on one conversation’s replies.',
    now,
  );
}

/**
 * What to keep after a reply taught `learned` in `conversationId`'s run, which started
 * from `startedWith`: a switch to constrained mode is marked for a re-check in the next
 * conversation, unless this run was that re-check, which confirms it.
 */
export function afterReplyLearned(
  learned: ServerCapabilities,
  startedWith: ServerCapabilities | null,
  conversationId: string,
  now: number,
): ServerCapabilities {
  const switched = learned.toolCalls === 'constrained' && startedWith?.toolCalls !== 'constrained';
  if (!switched) return learned;
  const wasRecheck = startedWith?.recheck?.conversationId === conversationId;
  if (!wasRecheck) return { ...learned, recheck: { conversationId }, constrainedBy: 'replies' };
  return withFinding(
    { ...learned, recheck: null, constrainedBy: 'replies' },
    {},
    'Confirmed in a second conversation: native tool calls do not hold here, so constrained mode is kept.',
    now,
  );
}

/** Earlier findings then new ones, each once (a repeated one moves to the end), the last few kept. */
function mergeFindings(
  earlier: readonly (Finding | string)[],
  added: readonly Finding[],
  earlierAt: number,
): Finding[] {
  const dated = datedFindings({ findings: [...earlier], learnedAt: earlierAt });
  const texts = new Set(added.map((finding) => finding.text));
  return [...dated.filter((finding) => !texts.has(finding.text)), ...added].slice(-MAX_FINDINGS);
}
