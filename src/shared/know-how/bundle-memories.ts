import type { StartContext } from '../protocol/know-how.ts';

/**
 * A conversation's start context as a bundle carries it: the memories it started with are
 * the person's own, so they travel only when `includeMemories` (else an empty list; the
 * skills and project it started with are kept as they are).
 */
export function startContextForBundle(
  startContext: StartContext | undefined,
  includeMemories: boolean,
): StartContext | undefined {
  if (!startContext || includeMemories) return startContext;
  return { ...startContext, memories: [] };
}

/** How many memories a conversation started with (what the export asks about). */
export function startMemoryCount(startContext: StartContext | undefined): number {
  return startContext?.memories.length ?? 0;
}
