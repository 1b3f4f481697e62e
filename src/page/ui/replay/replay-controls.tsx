import { For, onCleanup, onMount } from 'solid-js';
import { REPLAY_SPEEDS, type ReplaySpeed } from '../../state/replay/replay.ts';
import { useApp } from '../app/app-context.ts';
import { Icon } from '../shared/icons.tsx';
import './replay.css';

/** Elements whose own keys (Space, arrows) must keep working while a replay listens for them. */
const OWNS_SPACE = 'button, a, input, select, textarea, summary, [contenteditable], [role="menuitem"]';
const OWNS_ARROWS =
  'input, select, textarea, [contenteditable], [role="tab"], [role="tree"], [role="treeitem"], [role="menu"], [role="slider"]';

function ownsKey(target: EventTarget | null, selector: string): boolean {
  return target instanceof Element && target.closest(selector) !== null;
}

/**
 * What replaces the composer during a replay: step back, play/pause, step forward, the
 * position (a slider over the steps), the speed and Exit. Keys: Space plays or pauses,
 * ←/→ step (Esc, handled by the app, leaves).
 */
export function ReplayControls() {
  const { replay, ui } = useApp();
  let playButton: HTMLButtonElement | undefined;

  function onKeyDown(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || ui.isSettingsOpen())
      return;
    if (event.key === ' ' && !ownsKey(event.target, OWNS_SPACE)) {
      replay.togglePlay();
    } else if (event.key === 'ArrowLeft' && !ownsKey(event.target, OWNS_ARROWS)) {
      replay.stepBack();
    } else if (event.key === 'ArrowRight' && !ownsKey(event.target, OWNS_ARROWS)) {
      replay.stepForward();
    } else {
      return;
    }
    event.preventDefault();
  }

  onMount(() => playButton?.focus());
  document.addEventListener('keydown', onKeyDown);
  onCleanup(() => {
    document.removeEventListener('keydown', onKeyDown);
    queueMicrotask(() => ui.focusComposer());
  });

  const position = () => `Step ${replay.step()} of ${replay.stepCount()}`;

  return (
    <section class="replay-controls" aria-label="Replay controls">
      <div class="replay-bar">
        <span class="replay-badge" role="status" data-replay={replay.status().phase}>
          {replay.status().phaseLabel}
        </span>
        <div class="replay-buttons">
          <button
            type="button"
            class="icon-button replay-button"
            aria-label="Step back"
            title="Step back (←)"
            disabled={replay.step() <= 1}
            onClick={() => replay.stepBack()}
          >
            <Icon name="step-back" />
          </button>
          <button
            ref={playButton}
            type="button"
            class="icon-button replay-button replay-play"
            aria-label={replay.isPlaying() ? 'Pause' : 'Play'}
            title={replay.isPlaying() ? 'Pause (Space)' : 'Play (Space)'}
            onClick={() => replay.togglePlay()}
          >
            <Icon name={replay.isPlaying() ? 'pause' : 'play'} />
          </button>
          <button
            type="button"
            class="icon-button replay-button"
            aria-label="Step forward"
            title="Step forward (→)"
            disabled={replay.step() >= replay.stepCount()}
            onClick={() => replay.stepForward()}
          >
            <Icon name="step-forward" />
          </button>
        </div>
        <input
          class="replay-slider"
          type="range"
          min={1}
          max={Math.max(1, replay.stepCount())}
          step={1}
          value={replay.step()}
          aria-label="Replay position"
          aria-valuetext={position()}
          onInput={(event) => replay.seek(Number(event.currentTarget.value))}
        />
        <span class="replay-position">{position()}</span>
        <label class="replay-speed">
          <span class="visually-hidden">Replay speed</span>
          <select
            value={String(replay.speed())}
            onChange={(event) => replay.setSpeed(Number(event.currentTarget.value) as ReplaySpeed)}
          >
            <For each={REPLAY_SPEEDS}>{(speed) => <option value={String(speed)}>{speed}×</option>}</For>
          </select>
        </label>
        <button type="button" class="button small replay-exit" onClick={() => replay.exit()}>
          Exit replay
        </button>
      </div>
      <p class="composer-hint replay-hint">
        Read-only replay · <kbd>Space</kbd> play/pause · <kbd>←</kbd> <kbd>→</kbd> step · <kbd>Esc</kbd> exit
      </p>
    </section>
  );
}
