import { z } from 'zod';

/** What a workspace path held at some point: a file (its content's SHA-256 and size) or a folder. */
export const HistoryEntry = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('file'),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.number().int().nonnegative(),
  }),
  z.object({ kind: z.literal('directory') }),
]);
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/**
 * What one step did to one path of the workspace, whatever tool did it: its entry before
 * the step and after it (null: absent before, or deleted). A move is a delete and a create.
 */
export const StepChange = z.object({
  path: z.string().min(1),
  before: HistoryEntry.nullable(),
  after: HistoryEntry.nullable(),
});
export type StepChange = z.infer<typeof StepChange>;

/**
 * What the whole task did to one path (like a pull request's file): its entry when the task
 * began and now, the actions that changed it on the way (uuids, in order), and whether the
 * person changed it too (files attached to a later message).
 */
export const TaskChange = StepChange.extend({
  actionUuids: z.array(z.string().min(1)),
  isChangedByPerson: z.boolean(),
});
export type TaskChange = z.infer<typeof TaskChange>;

/** One path's bytes before and after a step or the task (null: absent, or a folder). */
export type ChangedVersions = { before: Uint8Array | null; after: Uint8Array | null };

/** How many files each action changed (by its uuid; none left out but those that changed nothing), and the events with a checkpoint. */
export type StepChangeSummary = { counts: Record<string, number>; checkpointSeqs: number[] };
