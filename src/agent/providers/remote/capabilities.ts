import {
  type ProviderProfile,
  type ServerCapabilities,
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
 * (a server that ignored forcing stays constrained), else native.
 */
export function capabilitiesFromReport(
  profile: ProviderProfile,
  known: ServerCapabilities | null,
  report: ServerReport | null,
  now: number,
): ServerCapabilities {
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
