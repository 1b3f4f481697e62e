import { DEFAULT_TOOL_PROFILE_ID } from '../../shared/protocol/tool-roles.ts';
import type { ToolProfileSummary } from '../../shared/protocol/worker-api.ts';
import type { ToolProfile } from '../toolkit/profile.ts';
import { manusProfile } from './manus/manus-profile.ts';
import { muxdProfile } from './muxd/muxd-profile.ts';
import { openManusProfile } from './openmanus/openmanus-profile.ts';

/**
 * The profiles a person can pick, the default (Manus) first: the worker hands them to the
 * runtime, which knows no profile by name.
 */
export const TOOL_PROFILES: readonly ToolProfile[] = [manusProfile, openManusProfile, muxdProfile];

if (TOOL_PROFILES[0]?.id !== DEFAULT_TOOL_PROFILE_ID) throw new Error('The default profile must come first.');

/** The profiles as the UI offers them. */
export function profileSummaries(profiles: readonly ToolProfile[] = TOOL_PROFILES): ToolProfileSummary[] {
  return profiles.map((profile) => ({
    id: profile.id,
    title: profile.title,
    summary: profile.summary ?? '',
  }));
}
