import './ui/shared/zod-without-eval.ts';
import './ui/shared/base.css';
import './ui/shared/markdown.css';
import './ui/sidebar/sidebar.css';
import './ui/app/layout.css';
import './ui/thread/thread.css';
import './ui/thread/notices.css';
import './ui/thread/cards.css';
import './ui/thread/composer.css';
import './ui/plan/plan.css';
import './ui/computer/details.css';
import './ui/app/overlays.css';
import { catchInstallPromptEarly } from './state/app/early-install-prompt.ts';
import { watchInteractionEarly } from './state/app/early-interaction.ts';
import { afterFirstPaint } from './ui/app/after-first-paint.ts';

catchInstallPromptEarly();
watchInteractionEarly();
// index.html paints the app shell; the app (~130 KB gzipped, then its worker) loads after
// that paint, so nothing it fetches can hold the paint back.
await afterFirstPaint();

// The app's modules build zod schemas as they load, in chunks the bundler may run before
// this module's own code: they are loaded only once zod is set not to compile with eval,
// which the CSP forbids (even zod's probe for it is reported as a violation).
const { boot } = await import('./ui/app/boot.tsx');
boot();
