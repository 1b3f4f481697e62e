import { MessageAttachment, MessageUpload, uploadRoomProblem } from '../../protocol/uploads.ts';
import { baseName } from '../../protocol/workspace.ts';
import type { SandpiperDatabase } from '../../storage/db.ts';
import type { SettingsRepository } from '../../storage/settings-repository.ts';
import { WorkspaceRepository } from '../../storage/workspace-repository.ts';
import type { WorkspaceWrites } from '../journal.ts';
import { placeUploads } from './upload-placement.ts';

/** Why files are refused while a run is active (the running loop's sandbox would not see them). */
export const WORKING_WITH_FILES =
  'The agent is working: attach files once it finishes or asks you something, or stop it first. Nothing was sent.';

/** A message's files, placed and checked: the writes for the journal and the list for the event. */
export type PreparedUpload = { files: WorkspaceWrites; attachments: MessageAttachment[] };

/**
 * Validates the files a message brings (they cross the worker boundary: zod at the edge),
 * places them in the conversation's workspace without overwriting anything, and refuses
 * the whole send, with the reason, when they would take it past the workspace limit. Writes
 * nothing: the journal writes the result with the message. Null when there are no files.
 */
export async function prepareUpload(options: {
  database: SandpiperDatabase;
  conversationId: string;
  settings: SettingsRepository;
  upload: unknown;
  now: number;
}): Promise<PreparedUpload | null> {
  if (options.upload === undefined || options.upload === null) return null;
  const parsed = MessageUpload.safeParse(options.upload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `The attached files were not understood: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  const { files, destination } = parsed.data;
  if (files.length === 0) return null;
  const { workspaceLimitBytes: limitBytes } = await options.settings.getAgentSettings();
  const repository = new WorkspaceRepository(options.database);
  const added = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  const problem = uploadRoomProblem(await repository.usedBytes(options.conversationId), added, limitBytes);
  if (problem) throw new Error(problem);
  const placed = placeUploads({
    conversationId: options.conversationId,
    files,
    destination,
    existingPaths: new Set(await repository.paths(options.conversationId)),
    now: options.now,
  });
  return {
    files: { writes: placed.writes, limitBytes: limitBytes },
    attachments: placed.attachments.map((attachment) => MessageAttachment.parse(attachment)),
  };
}

/** The title of a conversation started with files and no words: their names. */
export function filesTitle(attachments: readonly MessageAttachment[]): string {
  return `Files: ${attachments.map((file) => baseName(file.path)).join(', ')}`;
}
