import { onCleanup, Show } from 'solid-js';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import { useApp } from '../../app/app-context.ts';
import { renderMarkdown } from '../../shared/markdown.ts';
import { AttachmentCards } from '../../thread/result-card.tsx';
import { listenForWorkspaceLinks } from '../../thread/workspace-links.ts';
import type { StepViewEntry } from './step-view-entry.ts';

/**
 * What a step told or asked the person (any profile's update, question or result): the
 * message rendered (sanitised markdown; links to workspace files open them), a question's
 * reply once given, and the attachments, which open in their viewers.
 */
export function MessageView(props: { item: ActionItem }) {
  const { ui } = useApp();
  const isQuestion = () => props.item.role === 'ask';
  const text = () =>
    props.item.status === 'running'
      ? props.item.description
      : isQuestion()
        ? (props.item.question ?? props.item.content)
        : props.item.content;
  const attach = (element: HTMLDivElement) =>
    onCleanup(listenForWorkspaceLinks(element, (path) => ui.openFile(path)));
  return (
    <div class="step-view message-view" ref={attach}>
      <section class="message-view-text" aria-label={isQuestion() ? 'Question' : 'Message'}>
        <div class="markdown" innerHTML={renderMarkdown(text())} />
      </section>
      <Show when={isQuestion()}>
        <Show
          when={props.item.reply}
          fallback={
            <p class="message-view-waiting">
              {props.item.askState === 'open'
                ? 'Waiting for your reply in the conversation.'
                : props.item.meta.error?.kind === 'cancelled'
                  ? 'You stopped the task here, without a reply.'
                  : 'No reply was given.'}
            </p>
          }
        >
          {(reply) => (
            <section class="details-section" aria-label="Your reply">
              <h4>Your reply</h4>
              <p class="message-view-reply">{reply()}</p>
            </section>
          )}
        </Show>
      </Show>
      <Show when={props.item.attachments.length > 0}>
        <AttachmentCards attachments={props.item.attachments} />
      </Show>
    </div>
  );
}

export const VIEW: StepViewEntry = {
  tab: 'Message',
  component: MessageView,
  kinds: { message: 'message' },
  roles: { inform: 'message', ask: 'message', result: 'message' },
  isText: true,
};
