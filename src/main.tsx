import { render } from 'solid-js/web';
import { App } from './ui/app.tsx';
import './ui/styles/base.css';
import './ui/styles/markdown.css';
import './ui/styles/sidebar.css';
import './ui/styles/layout.css';
import './ui/styles/thread.css';
import './ui/styles/cards.css';
import './ui/styles/composer.css';
import './ui/styles/plan.css';
import './ui/styles/details.css';
import './ui/styles/overlays.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
render(() => <App />, root);
