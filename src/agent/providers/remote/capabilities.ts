import {
  type ProviderProfile,
  type ServerCapabilities,
  type ToolCallMode,
  toolCallModeOf,
} from '../../../protocol/providers.ts';
import type { ServerReport } from './server-probe.ts';

/** How long what a server said is trusted before it is asked again (a server may be restarted with other flags). */
export const CAPABILITIES_FRESH_MS = 10 * 60_000;

/** Whether a run should ask `profile`'s server about itself first. */
export function shouldProbe(
  profile: ProviderProfile,
  known: ServerCapabilities | null,
  isLocalOrCustom: boolean,
  now: number,
): boolean {
  if (profile.kind !== 'openai-compatible') return false;
  if (toolCallModeOf(profile) !== 'auto' && !isLocalOrCustom) return false;
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
  profile: ProviderProfile,
  known: ServerCapabilities | null,
  report: ServerReport | null,
  now: number,
): ServerCapabilities | null {
  if (known === null && (report === null || report.findings.length === 0)) return null;
  const mode = toolCallModeOf(profile);
  const toolCalls =
    mode === 'auto'
      ? report?.supportsTools === false
        ? 'constrained'
        : (known?.toolCalls ?? 'native')
      : mode;
  const forcing = toolCalls === 'constrained' ? 'by_grammar' : known?.forcing === 'none' ? 'none' : 'by_name';
  return {
    baseUrl: profile.baseUrl,
    model: profile.model,
    toolCalls,
    forcing,
    windowTokens: report?.windowTokens ?? known?.windowTokens ?? null,
    vision: report?.vision ?? known?.vision ?? null,
    systemRole: report?.systemRole ?? known?.systemRole ?? true,
    findings: mergeFindings(known?.findings ?? [], report?.findings ?? []),
    learnedAt: now,
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
  changes: Partial<Pick<ServerCapabilities, 'toolCalls' | 'forcing' | 'systemRole'>>,
  finding: string,
  now: number,
): ServerCapabilities {
  return {
    ...capabilities,
    ...changes,
    findings: mergeFindings(capabilities.findings, [finding]),
    learnedAt: now,
  };
}

/** Earlier findings then new ones, each once (a repeated one moves to the end), the last six kept. */
function mergeFindings(earlier: readonly string[], added: readonly string[]): string[] {
  return [...earlier.filter((finding) => !added.includes(finding)), ...added].slice(-6);
}
