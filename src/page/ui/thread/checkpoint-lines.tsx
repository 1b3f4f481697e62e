import { createSignal, For, Show } from 'solid-js';
import { rewoundText } from '../../state/thread/checkpoint-text.ts';
import { useApp } from '../app/app-context.ts';
import { Icon } from '../shared/icons.tsx';

/** At the top of a fork: where it was forked from, opening the original while it exists. */
export function ForkOrigin() {
  const { thread, conversations } = useApp();
  const origin = () => thread.state.conversation?.forkedFrom;
  const exists = (id: string) => conversations.state.conversations.some((each) => each.id === id);
  return (
    <Show when={origin()}>
      {(from) => (
        <p class="notice-line checkpoint-line fork-origin">
          <Icon name="fork" />
          <span class="notice-text">
            Forked from “{from().title}” at one of its steps; that conversation goes on unchanged.
          </span>
          <Show
            when={exists(from().conversationId)}
            fallback={<span>(That conversation is not in this browser.)</span>}
          >
            <button
              type="button"
              class="link-button"
              onClick={() => conversations.select(from().conversationId)}
            >
              Open the original
            </button>
          </Show>
        </p>
      )}
    </Show>
  );
}

/** Under a rewound conversation, until the next message: what was set aside, and Undo. */
export function RewoundLine() {
  const { thread, attempt } = useApp();
  const [isUndoing, setUndoing] = createSignal(false);
  async function undo(): Promise<void> {
    setUndoing(true);
    try {
      await attempt(() => thread.undoRewind(), 'Could not undo the rewind');
    } finally {
      setUndoing(false);
    }
  }
  return (
    <Show when={!thread.isReplaying() && thread.state.rewind}>
      {(pending) => (
        <p class="notice-line checkpoint-line rewound-line" role="status">
          <Icon name="replay" />
          <span class="notice-text">{rewoundText(pending())}</span>
          <button type="button" class="button small" disabled={isUndoing()} onClick={() => void undo()}>
            Undo rewind
          </button>
        </p>
      )}
    </Show>
  );
}

/** Under a step someone forked from: each fork made there, to open it. */
export function ForkMarks(props: { settledSeq: number | null; uuid?: string }) {
  const { thread, conversations } = useApp();
  const forks = () => {
    const id = thread.state.conversation?.id;
    return id && props.settledSeq !== null ? conversations.forksAt(id, props.settledSeq, props.uuid) : [];
  };
  return (
    <For each={forks()}>
      {(fork) => (
        <p class="fork-mark">
          <Icon name="fork" size={13} />
          <span>Forked here into</span>
          <button type="button" class="link-button" onClick={() => conversations.select(fork.id)}>
            {fork.title}
          </button>
        </p>
      )}
    </For>
  );
}
