// A theme toggle and a small notes list, both kept in localStorage.

const THEME_KEY = 'theme';
const NOTES_KEY = 'notes';

/** localStorage can be missing or refuse writes (private windows, sandboxed frames). */
const storage = {
  get(key, fallback) {
    try {
      const value = localStorage.getItem(key);
      return value === null ? fallback : JSON.parse(value);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Not kept: the page still works for this visit.
    }
  },
};

function applyTheme(theme) {
  document.documentElement.dataset.theme = theme;
  const toggle = document.getElementById('theme-toggle');
  toggle.setAttribute('aria-pressed', String(theme === 'dark'));
  toggle.textContent = theme === 'dark' ? 'Light theme' : 'Dark theme';
}

function setUpTheme() {
  const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  let theme = storage.get(THEME_KEY, prefersDark ? 'dark' : 'light');
  applyTheme(theme);
  document.getElementById('theme-toggle').addEventListener('click', () => {
    theme = theme === 'dark' ? 'light' : 'dark';
    storage.set(THEME_KEY, theme);
    applyTheme(theme);
  });
}

function setUpNotes() {
  const form = document.getElementById('note-form');
  const input = document.getElementById('note-text');
  const list = document.getElementById('note-list');
  const empty = document.getElementById('note-empty');
  let notes = storage.get(NOTES_KEY, []);

  const render = () => {
    list.replaceChildren(
      ...notes.map((note, index) => {
        const item = document.createElement('li');
        const text = document.createElement('span');
        text.textContent = note;
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'ghost';
        remove.textContent = 'Remove';
        remove.setAttribute('aria-label', `Remove “${note}”`);
        remove.addEventListener('click', () => {
          notes = notes.filter((_, position) => position !== index);
          storage.set(NOTES_KEY, notes);
          render();
        });
        item.append(text, remove);
        return item;
      }),
    );
    empty.hidden = notes.length > 0;
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text === '') return;
    notes = [...notes, text];
    storage.set(NOTES_KEY, notes);
    input.value = '';
    render();
  });
  render();
}

setUpTheme();
setUpNotes();
