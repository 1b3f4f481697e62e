import { createSignal, Show } from 'solid-js';
import { rewindQuestion } from '../../state/thread/checkpoint-text.ts';
import { useApp } from '../app/app-context.ts';
import { InlineConfirm } from '../shared/delete-confirm.tsx';
import './checkpoint-actions.css';

/**
 * "Rewind to here" and "Fork from here" for a settled step, or a message of the person,
 * of the open conversation: its event (`seq`) when it has a checkpoint (not while the
 * conversation runs, in a replay, or in a sub-agent's conversation). A rewind asks first,
 * saying what leaves the conversation and what the workspace does; a fork opens the new
 * conversation, the original left as it is.
 */
export function CheckpointActions(props: { seq: number | null; subject: 'step' | 'message' }) {
  const { thread, conversations, workspaceChanges, attempt } = useApp();
  const [question, setQuestion] = createSignal<string | null>(null);
  const [isBusy, setBusy] = createSignal(false);
  const conversation = () => thread.state.conversation;
  const isShown = () =>
    props.seq !== null &&
    workspaceChanges.hasCheckpoint(props.seq) &&
    !thread.isReplaying() &&
    conversation() !== null &&
    conversation()?.status !== 'running' &&
    !conversation()?.parent;
  /** Nothing comes after the conversation's last step: there is nothing to rewind. */
  const canRewind = () => (props.seq ?? Number.POSITIVE_INFINITY) < thread.state.thread.lastSeq;

  async function run(task: () => Promise<void>, failure: string): Promise<void> {
    if (isBusy()) return;
    setBusy(true);
    try {
      await attempt(task, failure);
    } finally {
      setBusy(false);
    }
  }

  const askRewind = (seq: number) =>
    run(async () => {
      setQuestion(rewindQuestion(await thread.rewindPreview(seq), props.subject));
    }, 'Could not read what a rewind would change');
  const rewind = (seq: number) => {
    setQuestion(null);
    return run(async () => void (await thread.rewindTo(seq)), 'Could not rewind');
  };
  const fork = (seq: number) =>
    run(async () => conversations.select(await thread.forkAt(seq)), 'Could not fork the conversation');

  return (
    <Show when={isShown() && props.seq !== null ? props.seq : null}>
      {(seq) => (
        <div class="checkpoint-actions" classList={{ 'is-message': props.subject === 'message' }}>
          <div class="checkpoint-buttons">
            <Show when={canRewind()}>
              <button
                type="button"
                class="button small"
                disabled={isBusy() || question() !== null}
                title={`Drop what came later and put the workspace back as it was after this ${props.subject}`}
                onClick={() => void askRewind(seq())}
              >
                Rewind to here
              </button>
            </Show>
            <button
              type="button"
              class="button small"
              disabled={isBusy()}
              title={`A new conversation from this ${props.subject}, with the workspace as it was then; this one stays as it is`}
              onClick={() => void fork(seq())}
            >
              Fork from here
            </button>
          </div>
          <Show when={question()}>
            {(text) => (
              <InlineConfirm
                question={text()}
                confirmLabel="Rewind"
                keepLabel="Cancel"
                onConfirm={() => void rewind(seq())}
                onKeep={() => setQuestion(null)}
              />
            )}
          </Show>
        </div>
      )}
    </Show>
  );
}
