import { createSignal, For, Show } from 'solid-js';
import type { MemoryRow } from '@/shared/protocol/know-how.ts';
import { errorMessage } from '../../state/app/agent-client.ts';
import { proposalsOf } from '../../state/know-how/memory-store.ts';
import { useApp } from '../app/app-context.ts';
import { Icon } from '../shared/icons.tsx';
import './memory-proposals.css';

/**
 * What the agent proposed to remember in the open conversation, above the composer: one
 * card per fact, "Remember this? “…”" with Remember (kept, on) and Not now (the
 * proposal is dropped). Nothing while there is none.
 */
export function MemoryProposals() {
  const { memories, conversations } = useApp();
  const proposals = () => proposalsOf(memories.state.memories, conversations.selectedId());
  return (
    <Show when={proposals().length > 0}>
      <section class="memory-proposals" aria-label="Memories the agent proposes">
        <For each={proposals()}>{(proposal) => <ProposalCard proposal={proposal} />}</For>
      </section>
    </Show>
  );
}

function ProposalCard(props: { proposal: MemoryRow }) {
  const { memories } = useApp();
  const [error, setError] = createSignal<string | null>(null);
  const [isBusy, setBusy] = createSignal(false);

  async function act(action: (id: string) => Promise<void>): Promise<void> {
    setBusy(true);
    try {
      await action(props.proposal.id);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const questionId = () => `memory-proposal-${props.proposal.id}`;
  return (
    <article class="memory-proposal" aria-labelledby={questionId()}>
      <Icon name="sparkle" size={16} />
      <p class="memory-proposal-text" id={questionId()}>
        Remember this? <span class="memory-proposal-fact">“{props.proposal.text}”</span>
      </p>
      <div class="memory-proposal-actions">
        <button
          type="button"
          class="button small primary"
          disabled={isBusy()}
          onClick={() => void act(memories.remember)}
        >
          Remember
        </button>
        <button
          type="button"
          class="button small"
          disabled={isBusy()}
          onClick={() => void act(memories.remove)}
        >
          Not now
        </button>
      </div>
      <Show when={error()}>
        {(text) => (
          <p class="memory-proposal-error" role="alert">
            {text()}
          </p>
        )}
      </Show>
    </article>
  );
}
