import { children, createEffect, type JSX, Match, Show, Switch } from 'solid-js';
import type { ThreadEntry } from '../../state/thread/phase-groups.ts';
import type { ActionItem, NoticeItem, ThreadItem } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { CheckpointActions } from '../computer/checkpoint-actions.tsx';
import { Spinner } from '../shared/icons.tsx';
import { ActionRow } from './action-row.tsx';
import { AskCard } from './ask-card.tsx';
import { MessageChips } from './attachment-chips.tsx';
import { ForkMarks } from './checkpoint-lines.tsx';
import { InfoLine, NoticeLine } from './info-line.tsx';
import { LongText } from './long-text.tsx';
import { PhaseGroupHeader } from './phase-group-header.tsx';
import { ResultCard } from './result-card.tsx';
import type { ThreadEntries } from './thread-entries.ts';

/** One item of the thread as its `<li>`: a message bubble, a notice, a progress line, a question, a result or a step row. */
export function ItemView(props: { item: ThreadItem }) {
  const { ui } = useApp();
  return (
    <Switch>
      <Match when={props.item.kind === 'user' || props.item.kind === 'reply' ? props.item : null}>
        {(item) => (
          <li class="thread-item user-item" classList={{ 'is-reply': item().kind === 'reply' }}>
            <Show when={item().kind === 'reply'}>
              <span class="bubble-caption">Your reply</span>
            </Show>
            <Show when={item().text !== ''}>
              <LongText
                class="bubble"
                text={item().text}
                label={item().kind === 'reply' ? 'Your reply' : 'Your message'}
              />
            </Show>
            <Show when={item().attachments.length > 0}>
              <MessageChips attachments={item().attachments} onOpen={(path) => ui.openFile(path)} />
            </Show>
            {/* An answer goes back with its question's step (the ask card's), never alone. */}
            <Show when={item().kind === 'user'}>
              <CheckpointActions seq={item().seq} subject="message" />
              <ForkMarks settledSeq={item().seq} />
            </Show>
          </li>
        )}
      </Match>
      <Match when={props.item.kind === 'notice' ? (props.item as NoticeItem) : null}>
        {(item) => <NoticeLine item={item()} />}
      </Match>
      <Match when={props.item.kind === 'action' ? (props.item as ActionItem) : null}>
        {(item) => (
          <Switch>
            <Match when={item().view === 'info'}>
              <InfoLine item={item()} />
            </Match>
            <Match when={item().view === 'ask'}>
              <AskCard item={item()} />
            </Match>
            <Match when={item().view === 'result'}>
              <ResultCard item={item()} />
            </Match>
            <Match when={item().view === 'action'}>
              <ActionRow item={item()} />
            </Match>
          </Switch>
        )}
      </Match>
    </Switch>
  );
}

/** The "Thinking…" row while the model works. */
export function ThinkingRow() {
  return (
    <li class="thread-item thinking-row">
      <Spinner />
      <span>Thinking…</span>
    </li>
  );
}

/**
 * An item's `<li>` marked with its group (`data-phase-group`), and `hidden` while its
 * group is folded: the full list keeps folded rows in the DOM (opening is instant, and
 * rows keep what they show), the windowed one leaves them out.
 */
function GroupedItem(props: { item: ThreadItem; groupKey: string | null; isHidden: boolean }): JSX.Element {
  const view = children(() => <ItemView item={props.item} />);
  createEffect(() => {
    const element = view();
    if (!(element instanceof HTMLElement)) return;
    element.hidden = props.isHidden;
    if (props.groupKey) element.setAttribute('data-phase-group', props.groupKey);
    else element.removeAttribute('data-phase-group');
  });
  return <>{view()}</>;
}

/**
 * The row of the entry `entryKey`: a phase's header, or an item in or out of a group.
 * Looked up by key (entries are rebuilt on every change; the key and the item stay), so
 * a row is never remounted because its group's count or status changed.
 */
export function EntryView(props: {
  entryKey: string;
  entries: ThreadEntries;
  isWorking: boolean;
  /** Called after the person opens or folds a group (with whether it is open now). */
  onToggle: (isOpen: boolean) => void;
}) {
  const { thread } = useApp();
  const entry = (): ThreadEntry | undefined => props.entries.byKey().get(props.entryKey);
  const group = () => {
    const current = entry();
    return current?.kind === 'group' ? current.group : null;
  };
  const item = () => {
    const current = entry();
    return current?.kind === 'item' ? thread.state.thread.items[current.index] : undefined;
  };
  const groupKey = () => {
    const current = entry();
    return current?.kind === 'item' ? current.groupKey : null;
  };
  const isHidden = () => {
    const key = groupKey();
    const owner = key ? props.entries.byKey().get(key) : undefined;
    return owner?.kind === 'group' && !props.entries.isOpen(owner.group);
  };
  return (
    <Switch>
      <Match when={group()}>
        {(current) => (
          <PhaseGroupHeader
            group={current()}
            isOpen={props.entries.isOpen(current())}
            isWorking={props.isWorking}
            onToggle={() => props.onToggle(props.entries.toggle(current()))}
          />
        )}
      </Match>
      <Match when={item()} keyed>
        {(current) => <GroupedItem item={current} groupKey={groupKey()} isHidden={isHidden()} />}
      </Match>
    </Switch>
  );
}
