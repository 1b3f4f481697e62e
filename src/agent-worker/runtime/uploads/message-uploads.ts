import type { EventBody } from '@/shared/protocol/events.ts';
import { isLongText } from '@/shared/protocol/long-text.ts';
import {
  MessageAttachment,
  MessageUpload,
  type UploadDestination,
  type UploadFile,
  uploadRoomProblem,
} from '@/shared/protocol/uploads.ts';
import { baseName } from '@/shared/protocol/workspace.ts';
import type { SandpiperDatabase } from '@/shared/storage/db.ts';
import type { SettingsRepository } from '@/shared/storage/settings-repository.ts';
import { WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import { placeUploads } from '../../engine/context/upload-placement.ts';
import type { WorkspaceWrites } from '../../engine/journal.ts';
import { requireText } from '../conversation-text.ts';
import { LONG_MESSAGE_WHILE_WORKING, longMessageText, longTextFile } from './long-message.ts';

/** Why files are refused while a run is active (the running loop's sandbox would not see them). */
export const WORKING_WITH_FILES =
  'The agent is working: attach files once it finishes or asks you something, or stop it first. Nothing was sent.';

/** A message's files, placed and checked: the writes for the journal and the list for the event. */
export type PreparedUpload = { files: WorkspaceWrites; attachments: MessageAttachment[] };

/** A message ready for the journal: its text as recorded, and its files (null: none). */
export type PreparedMessage = { text: string; upload: PreparedUpload | null };

/**
 * Validates the files a message brings (they cross the worker boundary: zod at the edge),
 * places them in the conversation's workspace without overwriting anything, and refuses
 * the whole send, with the reason, when they would take it past the workspace limit. Text
 * over 16 KB of UTF-8 becomes one more file (`pasted-N.txt`) and the message keeps its start
 * and where the whole of it is. Writes nothing: the journal writes the result with the
 * message. The text may be empty only when files come.
 */
export async function prepareMessage(options: {
  database: SandpiperDatabase;
  conversationId: string;
  settings: SettingsRepository;
  text: string;
  upload: unknown;
  now: number;
}): Promise<PreparedMessage> {
  const { files, destination } = parseUpload(options.upload);
  const text = options.text.trim();
  const textFile = longTextFile(text);
  const all = textFile ? [...files, textFile] : files;
  if (all.length === 0) return { text: requireText(text), upload: null };
  const { workspaceLimitBytes: limitBytes } = await options.settings.getAgentSettings();
  const repository = new WorkspaceRepository(options.database);
  const added = all.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  const problem = uploadRoomProblem(await repository.usedBytes(options.conversationId), added, limitBytes);
  if (problem) throw new Error(problem);
  const placed = placeUploads({
    conversationId: options.conversationId,
    files: all,
    destination,
    existingPaths: new Set(await repository.paths(options.conversationId)),
    now: options.now,
  });
  const attachments = placed.attachments.map((attachment) => MessageAttachment.parse(attachment));
  const textAttachment = textFile ? attachments.at(-1) : undefined;
  return {
    text: textAttachment ? longMessageText(text, textAttachment) : text,
    upload: { files: { writes: placed.writes, limitBytes }, attachments },
  };
}

/** The files of an upload as sent (none when there is no upload), or an error a person can read. */
function parseUpload(upload: unknown): { files: UploadFile[]; destination: UploadDestination } {
  if (upload === undefined || upload === null) return { files: [], destination: 'uploads' };
  const parsed = MessageUpload.safeParse(upload);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(
    `The attached files were not understood: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
  );
}

/**
 * Null when a message with `text` and `upload` can go to a conversation whose run is
 * active, else why not: files (and text long enough to become one) wait for the run to end.
 */
export function refusedWhileWorking(
  text: string,
  upload: { files?: readonly unknown[] } | undefined,
): string | null {
  if (upload?.files?.length) return WORKING_WITH_FILES;
  return isLongText(text.trim()) ? LONG_MESSAGE_WHILE_WORKING : null;
}

/** The event a message the person sends is recorded as. */
export function userMessageBody(message: PreparedMessage): EventBody {
  const { text, upload } = message;
  return { type: 'user_message', text, ...(upload ? { attachments: upload.attachments } : {}) };
}

/** The title of a conversation started with files and no words: their names. */
export function filesTitle(attachments: readonly MessageAttachment[]): string {
  return `Files: ${attachments.map((file) => baseName(file.path)).join(', ')}`;
}
