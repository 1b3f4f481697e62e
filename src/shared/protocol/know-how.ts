import { z } from 'zod';
import { WORKSPACE_ROOT } from './workspace.ts';

/**
 * Know-how that outlives a conversation (issue 28): installed Agent Skills, projects and
 * memories. Rows of the `skills`, `projects` and `memories` tables, parsed at the edge.
 */

/** Where installed skills are mounted, read-only: `<SKILLS_ROOT>/<name>/SKILL.md`. */
export const SKILLS_ROOT = `${WORKSPACE_ROOT}/skills`;
/** Where the agent writes a skill it was asked to save; the person installs it with one click. */
export const SKILL_DRAFTS_ROOT = `${WORKSPACE_ROOT}/skills-draft`;
/** Where a project's knowledge files are mounted, read-only. */
export const PROJECT_ROOT = `${WORKSPACE_ROOT}/project`;
/** The file the agent appends memories it proposes to, one `- fact` line each. */
export const MEMORY_DRAFTS_PATH = `${WORKSPACE_ROOT}/memory-draft.md`;

/** What one skill or one project may hold: notes, scripts, references and examples, not a dataset. */
export const KNOW_HOW_LIMITS = { maxFiles: 500, maxBytes: 20 * 1024 * 1024 } as const;

/** A file of a skill or a project, its path relative to the skill's folder or the project root. */
export const KnowHowFile = z.object({
  path: z.string().min(1),
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'Expected bytes'),
});
export type KnowHowFile = z.infer<typeof KnowHowFile>;

/** A read-only tree the sandbox shows at `mountPoint` (an installed skill, a project's files). */
export type ReadOnlyMount = { mountPoint: string; files: readonly KnowHowFile[] };

/** An installed skill: what its SKILL.md front matter says, and all its files (SKILL.md included). */
export const SkillRow = z.object({
  name: z.string().min(1),
  description: z.string().min(1),
  license: z.string().optional(),
  compatibility: z.string().optional(),
  enabled: z.boolean(),
  installedAt: z.number(),
  files: z.array(KnowHowFile),
});
export type SkillRow = z.infer<typeof SkillRow>;

/** A project: standing instructions and knowledge files reused by every conversation started in it. */
export const ProjectRow = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  instructions: z.string(),
  files: z.array(KnowHowFile),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ProjectRow = z.infer<typeof ProjectRow>;

/** Where a memory came from: typed on the Memory page, or proposed in a conversation. */
export const MemorySource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('person') }),
  z.object({ kind: z.literal('conversation'), conversationId: z.string(), title: z.string() }),
]);
export type MemorySource = z.infer<typeof MemorySource>;

/** Whether a memory is kept, or only proposed by the agent and waiting for the person's word. */
export const MemoryState = z.enum(['proposed', 'saved']);
export type MemoryState = z.infer<typeof MemoryState>;

/** The longest memory, in characters: a memory is a short line, not a document. */
export const MAX_MEMORY_LENGTH = 500;

/** One fact about the person or their preferences. */
export const MemoryRow = z.object({
  id: z.string().min(1),
  text: z.string().min(1),
  source: MemorySource,
  enabled: z.boolean(),
  /** Absent: saved (rows written before proposals existed). */
  state: MemoryState.optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type MemoryRow = z.infer<typeof MemoryRow>;

/** True when the memory is kept (not a proposal waiting for the person). */
export function isSavedMemory(memory: Pick<MemoryRow, 'state'>): boolean {
  return memory.state !== 'proposed';
}

/** How memories are kept: the person's choice on the Memory page (the UI writes it, the worker reads it). */
export const MemoryPreferences = z.object({
  /** The agent's proposals are saved at once, without asking. */
  saveProposalsWithoutAsking: z.boolean(),
});
export type MemoryPreferences = z.infer<typeof MemoryPreferences>;

export const DEFAULT_MEMORY_PREFERENCES: MemoryPreferences = { saveProposalsWithoutAsking: false };

/**
 * What a conversation started with, written into its context once (after the system
 * prompt) and kept on its row, so the prompt prefix never changes: the skills that were
 * on, its project, and the memories that were on.
 */
export const StartContext = z.object({
  skills: z.array(z.object({ name: z.string(), description: z.string(), location: z.string() })),
  project: z
    .object({ id: z.string(), name: z.string(), instructions: z.string(), files: z.array(z.string()) })
    .nullable(),
  memories: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type StartContext = z.infer<typeof StartContext>;

export const EMPTY_START_CONTEXT: StartContext = { skills: [], project: null, memories: [] };
