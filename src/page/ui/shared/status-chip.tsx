import { Match, Switch } from 'solid-js';
import type { ConversationStatus } from '@/shared/protocol/conversation.ts';
import type { EnvelopeStatus, ErrorKind } from '@/shared/protocol/envelope.ts';
import type { ReplayPhase, ReplayStatus } from '../../state/replay/replay-status.ts';
import { CONVERSATION_STATUS_LABEL, ENVELOPE_STATUS_LABEL } from './format.ts';
import { Icon, Spinner } from './icons.tsx';

type Tone = 'active' | 'success' | 'asking' | 'error' | 'pending';

const ENVELOPE_TONE: Record<EnvelopeStatus, Tone> = {
  running: 'active',
  success: 'success',
  asking: 'asking',
  error: 'error',
};

const CONVERSATION_TONE: Record<ConversationStatus, Tone> = {
  idle: 'pending',
  running: 'active',
  asking: 'asking',
  done: 'success',
  error: 'error',
};

function ToneIcon(props: { tone: Tone }) {
  return (
    <Switch>
      <Match when={props.tone === 'active'}>
        <Spinner />
      </Match>
      <Match when={props.tone === 'success'}>
        <Icon name="check" size={14} />
      </Match>
      <Match when={props.tone === 'error'}>
        <Icon name="cross" size={14} />
      </Match>
      <Match when={props.tone === 'asking'}>
        <Icon name="question" size={14} />
      </Match>
      <Match when={props.tone === 'pending'}>
        <span class="chip-dot" aria-hidden="true" />
      </Match>
    </Switch>
  );
}

/**
 * An action's status: spinner, ✓, ✗ or ?; the label is visible or only for screen readers.
 * An action the page's closing interrupted (`errorKind` `interrupted`) or the person stopped
 * (`cancelled`) is not shown as a failure: it says so, in the pending grey.
 */
export function EnvelopeStatusChip(props: {
  status: EnvelopeStatus;
  errorKind?: ErrorKind | undefined;
  isLabelVisible?: boolean;
}) {
  const isInterrupted = () => props.status === 'error' && props.errorKind === 'interrupted';
  const isStopped = () => props.status === 'error' && props.errorKind === 'cancelled';
  const tone = (): Tone => (isInterrupted() || isStopped() ? 'pending' : ENVELOPE_TONE[props.status]);
  const label = () =>
    isInterrupted() ? 'Interrupted' : isStopped() ? 'Stopped' : ENVELOPE_STATUS_LABEL[props.status];
  return (
    <span class="chip" classList={{ 'is-compact': !props.isLabelVisible }} data-tone={tone()}>
      <ToneIcon tone={tone()} />
      <span class={props.isLabelVisible ? 'chip-label' : 'visually-hidden'}>{label()}</span>
    </span>
  );
}

/** A conversation's status with its label. */
export function ConversationStatusChip(props: { status: ConversationStatus }) {
  return (
    <span class="chip" data-tone={CONVERSATION_TONE[props.status]} data-conversation-status={props.status}>
      <ToneIcon tone={CONVERSATION_TONE[props.status]} />
      <span class="chip-label">{CONVERSATION_STATUS_LABEL[props.status]}</span>
    </span>
  );
}

const REPLAY_TONE: Record<ReplayPhase, Tone> = {
  playing: 'active',
  paused: 'pending',
  finished: 'pending',
};

/**
 * A replay's status where the conversation's would be ("Replaying · step 12 of 40",
 * "Paused · …", "Replay finished"): a replay shows the past, so the conversation's own
 * "Done" or "Working" would be wrong about what is on screen.
 */
export function ReplayStatusChip(props: { status: ReplayStatus }) {
  return (
    <span
      class="chip replay-chip"
      data-tone={REPLAY_TONE[props.status.phase]}
      data-replay={props.status.phase}
    >
      <Icon
        name={
          props.status.phase === 'playing' ? 'play' : props.status.phase === 'paused' ? 'pause' : 'replay'
        }
        size={14}
      />
      <span class="chip-label">{props.status.label}</span>
    </span>
  );
}
