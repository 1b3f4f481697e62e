import { For, Show } from 'solid-js';
import { readToolMeta } from '@/shared/protocol/tool-meta/index.ts';
import { stepLabel } from '../../state/thread/step-label.ts';
import { createSubAgentThread } from '../../state/thread/sub-agent-thread.ts';
import { type ActionItem, actionItems } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { actionIcon } from '../computer/step-views.ts';
import { Icon } from '../shared/icons.tsx';
import { EnvelopeStatusChip } from '../shared/status-chip.tsx';
import { StepLabelText } from './step-label-text.tsx';

/** The sub-agent's conversation id of a `task` action (meta kind `sub_agent`), once its run has one. */
export function subAgentConversationOf(item: ActionItem): string | null {
  if (item.metaKind !== 'sub_agent') return null;
  return readToolMeta('sub_agent', item.meta).conversation_id ?? null;
}

/**
 * A sub-agent's steps, nested under the action that ran it: each action of its own
 * conversation, live while it runs, and a link that opens that conversation whole.
 */
export function SubAgentSteps(props: { conversationId: string }) {
  const { client, conversations } = useApp();
  const subAgent = createSubAgentThread(client, props.conversationId);
  const steps = () => actionItems(subAgent.thread());
  return (
    <div class="sub-agent-steps">
      <ol aria-label="Sub-agent steps">
        <For each={steps()}>
          {(step) => (
            <li data-action-type={step.actionType} data-status={step.status} title={step.actionType}>
              <Icon name={actionIcon(step)} size={13} />
              <span class="sub-agent-step-text">
                <StepLabelText label={stepLabel(step)} />
              </span>
              <EnvelopeStatusChip status={step.status} />
            </li>
          )}
        </For>
      </ol>
      <Show when={subAgent.conversation()}>
        <button type="button" class="link-button" onClick={() => conversations.select(props.conversationId)}>
          Open the sub-agent’s conversation
        </button>
      </Show>
    </div>
  );
}
