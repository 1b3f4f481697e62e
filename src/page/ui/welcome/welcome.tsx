import { type JSX, Show } from 'solid-js';
import { useApp } from '../app/app-context.ts';
import { Icon } from '../shared/icons.tsx';
import { WelcomeHosted } from './welcome-hosted.tsx';
import { WelcomeLocalServers } from './welcome-local-servers.tsx';
import './welcome.css';

/** Whether this browser offers WebGPU at all (an adapter may still be refused later). */
function hasWebGpu(): boolean {
  return typeof navigator !== 'undefined' && 'gpu' in navigator;
}

/** One of the welcome's numbered ways to a working model. */
function WelcomeWay(props: { id: string; number: number; title: string; children: JSX.Element }) {
  return (
    <section class="welcome-way" aria-labelledby={`welcome-${props.id}-title`}>
      <h3 class="welcome-way-title" id={`welcome-${props.id}-title`}>
        <span class="welcome-way-number" aria-hidden="true">
          {props.number}
        </span>
        {props.title}
      </h3>
      {props.children}
    </section>
  );
}

/**
 * What a new person sees while no provider can answer: three ways to a working model, each
 * a few clicks — a server on this computer (found by asking its usual address), a hosted
 * provider with its key, or a model in this tab (set up in Settings). "Not now" gives way
 * to the usual empty state for good.
 */
export function Welcome(props: { onDismiss: () => void }) {
  const { ui } = useApp();
  return (
    <div class="welcome">
      <h2 class="empty-title">Connect a model to start</h2>
      <p class="empty-lead">
        Sandpiper plans a task and works through it step by step, in this tab. It needs a language model: pick
        one of three ways. What you set here stays in this browser.
      </p>
      <WelcomeWay id="local" number={1} title="A server on this computer">
        <p class="welcome-way-lead">llama.cpp’s llama-server, Ollama or LM Studio, running with a model.</p>
        <WelcomeLocalServers />
      </WelcomeWay>
      <WelcomeWay id="hosted" number={2} title="A hosted provider with your key">
        <WelcomeHosted />
      </WelcomeWay>
      <WelcomeWay id="tab" number={3} title="A model in this tab">
        <p class="welcome-way-lead">
          Runs a small open model on this device’s GPU; it needs WebGPU. The model is downloaded once — about
          0.3 GB for the smallest, about 4.5 GB for an 8B model — and then works offline. Slower and less
          capable than a server.
        </p>
        <Show when={!hasWebGpu()}>
          <p class="welcome-note is-warning">
            This browser does not offer WebGPU, so this way is closed here.
          </p>
        </Show>
        <div class="welcome-actions">
          <button
            type="button"
            class="button"
            disabled={!hasWebGpu()}
            onClick={() => ui.openSettings('models')}
          >
            <Icon name="download" size={14} />
            Choose a model to download
          </button>
        </div>
      </WelcomeWay>
      <p class="welcome-later">
        <button type="button" class="button small" onClick={() => props.onDismiss()}>
          Not now
        </button>
        <span>Providers can be set up later in Settings.</span>
      </p>
    </div>
  );
}
