'use strict';
const data = JSON.parse(document.getElementById('report-data').textContent);
const modes = ['side', 'slider', 'onion', 'blink', 'diff'];
const modeNames = { side: 'Side by side', slider: 'Slider', onion: 'Onion skin', blink: 'Blink', diff: 'Diff' };
const zooms = [1, 2, 4];
const shown = new Set(data.kinds.filter(k => k !== 'passed'));
let query = '';
// Set by seemore serve's /review/: approving goes to the server, with its token.
const review = window.seemoreReview || null;
// A template, the suite or a golden changed on disk: reload, which checks again, keeping what
// the reviewer did (filters, search, rejections, the last approval's note, the scroll position).
const kept = review ? JSON.parse(sessionStorage.getItem('seemore-review') || 'null') : null;
sessionStorage.removeItem('seemore-review');
if (kept) { shown.clear(); kept.shown.forEach(k => shown.add(k)); query = kept.query; }
if (review) new EventSource(review.events).addEventListener('changed', () => {
  const status = document.getElementById('review-status');
  sessionStorage.setItem('seemore-review', JSON.stringify({ shown: [...shown], query, scroll: scrollY,
    status: status ? [status.textContent, status.className] : null,
    rejected: [...document.querySelectorAll('.case[data-review=rejected]')].map(n => n.dataset.name) }));
  location.reload();
});
async function approve(names) {
  const response = await fetch(review.approve, { method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-SeeMore-Token': review.token }, body: JSON.stringify({ cases: names }) });
  const body = await response.json();
  const status = document.getElementById('review-status');
  if (!response.ok) { status.textContent = 'Not approved: ' + body.error; status.className = 'note bad'; return; }
  for (const name of body.approved) {
    const node = document.getElementById('case:' + name);
    if (!node) continue;
    node.dataset.review = 'approved';
    node.querySelector('.badge').textContent = 'approved';
    node.querySelectorAll('.do-approve, .do-reject').forEach(b => { b.disabled = true; });
  }
  status.textContent = 'Approved ' + body.approved.length + ' case' + (body.approved.length === 1 ? '' : 's') + '; commit the goldens.';
  status.className = 'note ok';
  return true;
}
let current = null;
// A report of many cases builds each case and each change when it comes near the screen (the
// IntersectionObserver below); a small one is built whole at once.
const eager = data.cases.length <= 200;
const lazy = 'IntersectionObserver' in window ? new IntersectionObserver(entries => {
  for (const entry of entries) if (entry.isIntersecting) { lazy.unobserve(entry.target); entry.target._fill(); }
}, { rootMargin: '1500px 0px' }) : null;
function later(node, fill) {
  node._fill = () => { if (node._filled) return; node._filled = true; fill(); };
  if (eager || !lazy) node._fill(); else lazy.observe(node);
}
function ensure(node) { if (node && node._fill) node._fill(); }
const byName = new Map(data.cases.map(c => [c.name, c]));

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value; else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}
const kindClass = kind => 'k-' + kind.replace(/ /g, '-');
const plural = (n, word) => n + ' ' + word + (n === 1 ? '' : 's');

// ---- Notes: environment, design fonts, accessibility.
function notes() {
  const box = document.getElementById('notes');
  const failing = data.cases.filter(c => c.failed).length;
  box.append(el('p', {}, `${data.cases.length} cases: ${failing} failing, ${data.cases.length - failing} passed` +
    (data.unused.length ? `, ${plural(data.unused.length, 'unused golden')}` : '') +
    `. Suite ${data.suite}, record mode ${data.record}. ${data.version}.`));
  if (data.stopped) {
    box.append(el('div', { class: 'note bad', id: 'stopped' }, el('b', {}, `Stopped by ${data.stopped.by}`),
      ` after ${data.cases.length} of ${data.stopped.selected} cases: only those are shown, and the others were not checked.`));
  }
  if (review) box.append(el('div', { id: 'review-status', role: 'status' }));
  if (failing) {
    box.append(el('div', { class: 'note', id: 'approve' }, el('b', {}, 'To accept what you see: '),
      el('code', {}, data.approve), ' accepts every failing case; add case names, ', el('code', {}, '--group ID'), ' or ',
      el('code', {}, '--filter GLOB'), ' for some. It copies exactly these actual pictures over the goldens and refuses if the templates or the suite changed since; then commit the goldens.',
      review ? [' ', el('button', { id: 'approve-all', onclick: () => approve(data.cases.filter(c => c.failed).map(c => c.name)) }, 'Approve all failing')] : null));
  }
  if (data.environmentChanges.length) {
    box.append(el('div', { class: 'note warn', id: 'environment' }, el('b', {}, 'The machine changed'),
      ' (fonts or libraries, not the design) since ' + data.fingerprint + ':',
      el('ul', {}, data.environmentChanges.map(c => el('li', {}, c)))));
  } else if (data.fingerprintIsNew) {
    box.append(el('div', { class: 'note ok', id: 'environment' }, 'Environment recorded for the first time in ' + data.fingerprint + '.'));
  } else {
    box.append(el('div', { class: 'note ok', id: 'environment' }, 'Environment unchanged since ' + data.fingerprint + '.'));
  }
  if (data.designChanges.length) {
    box.append(el('div', { class: 'note', id: 'design' }, el('b', {}, 'The design\'s fonts changed:'),
      el('ul', {}, data.designChanges.map(c => el('li', {}, c)))));
  }
  const low = new Map();
  for (const c of data.cases) for (const note of c.contrast) {
    if (!note.meetsAA) low.set(c.group.split(' · ')[0] + ' · ' + c.name.split('.').slice(-2, -1)[0] + ' · ' + note.summary, c.name);
  }
  // Lints, after what changed.
  const lints = document.getElementById('lints');
  if (low.size) {
    lints.append(el('div', { class: 'note bad', id: 'accessibility' }, el('b', {}, 'Contrast below WCAG AA:'),
      el('ul', {}, [...low.keys()].map(k => el('li', {}, k)))));
  }
  // By template · font and the fonts mixed, the words listed once each ("'Việt' mixes A and B").
  const mixed = new Map();
  for (const c of data.cases) for (const lint of c.mixedFonts) {
    const split = lint.lastIndexOf("' mixes ");
    const key = c.group.split(' · ').slice(0, 2).join(' · ') + ' · ' + lint.slice(split + 2);
    if (!mixed.has(key)) mixed.set(key, new Set());
    mixed.get(key).add(lint.slice(0, split + 1));
  }
  if (mixed.size) {
    const line = ([key, words]) => key + ': ' + [...words].slice(0, 12).join(', ') + (words.size > 12 ? ` and ${words.size - 12} more` : '');
    lints.append(el('div', { class: 'note warn', id: 'mixed-fonts' },
      el('b', {}, 'Words drawn in more than one font'), ': the font asked for has no glyph for some of their letters, so a reader sees letters of one word that do not match; add a font that has them (punctuation, digits and emoji in another font are not listed):',
      el('ul', {}, [...mixed].slice(0, 50).map(entry => el('li', {}, line(entry))))));
  }
}

// ---- The summary bar: counts per kind, each a filter.
function counts() {
  const bar = document.getElementById('counts');
  for (const kind of data.kinds) {
    const n = kind === 'unused' ? data.unused.length : data.cases.filter(c => c.kind === kind).length;
    if (n === 0 && kind !== 'passed') continue;
    bar.append(el('button', { class: 'count ' + kindClass(kind), 'data-kind': kind, 'aria-pressed': String(shown.has(kind)),
      onclick: event => { toggle(kind); event.currentTarget.setAttribute('aria-pressed', String(shown.has(kind))); } },
      el('span', { class: 'n' }, String(n)), ' ' + kind));
  }
}
function toggle(kind) { if (shown.has(kind)) shown.delete(kind); else shown.add(kind); applyFilters(); }

// ---- Cases.
function images(c) { return c.artifacts || {}; }
function image(src, caption, kind) {
  const img = el('img', { src, alt: caption, 'data-image': kind, draggable: 'false' });
  img.addEventListener('load', () => sizeImage(img));
  return img;
}
function sizeImage(img) {
  const viewer = img.closest('.viewer');
  const zoom = viewer ? Number(viewer.dataset.zoom) : 1;
  if (!img.naturalWidth) return;
  img.style.width = (img.naturalWidth * zoom) + 'px';
  img.style.height = (img.naturalHeight * zoom) + 'px';
  const stack = img.closest('.stack');
  if (stack) {
    const all = [...stack.querySelectorAll('img')].filter(i => i.naturalWidth);
    stack.style.width = Math.max(...all.map(i => i.naturalWidth)) * zoom + 'px';
    stack.style.height = Math.max(...all.map(i => i.naturalHeight)) * zoom + 'px';
  }
}
function caseHeader(c, anchor) {
  // The case's own tolerance (the suite's, its matrix's or its cases entry's), beside its figures.
  const t = c.tolerance;
  const allowed = t ? `allowed ${Math.max(t.maxDiffPixels, Math.floor(t.maxDiffRatio * (c.totalPixels || 0))).toLocaleString('en')}, `
    + `threshold ${t.threshold}` : '';
  const pixels = c.differentPixels !== null && c.totalPixels
    ? el('span', { class: 'pixels' }, `${c.differentPixels.toLocaleString('en')} pixels (${(100 * c.differentPixels / c.totalPixels).toFixed(2)}%) differ`
      + (t ? ` · ${allowed}` : ''))
    : t ? el('span', { class: 'pixels' }, `tolerance: ${allowed}`) : null;
  return el('header', {}, el('span', { class: 'badge ' + kindClass(c.kind) }, c.kind),
    el('a', { class: 'name', href: '#' + encodeURIComponent(anchor) }, c.name), pixels);
}
function caseNode(c) {
  const id = 'case:' + c.name;
  const node = el('article', { class: 'case', id, 'data-kind': c.kind, 'data-name': c.name, tabindex: '-1',
    'data-failed': String(c.failed), 'data-change': c.changeGroup || '' });
  node.append(caseHeader(c, id));
  node._case = c;
  later(node, () => fillCase(node, c, true));
  return node;
}
// A case's message, compare modes and viewer, layout diff and notes, in `node`; with `approveLine`
// the command (and in a review the buttons) that accept it.
function fillCase(node, c, approveLine) {
  if (!c.failed) {
    node.append(el('div', { class: 'thumb' }, images(c).golden ? el('img', { loading: 'lazy', src: images(c).golden, alt: 'golden' }) : 'no golden'));
    return;
  }
  node.append(el('p', { class: 'message' }, c.message));
  if (approveLine) {
    const done = node.dataset.review === 'approved';
    node.append(el('p', { class: 'approve' }, 'Accept: ', el('code', {}, data.approve + ' ' + c.name),
      review ? [' ', el('button', { class: 'do-approve', disabled: done, onclick: () => approve([c.name]) }, 'Approve'),
        ' ', el('button', { class: 'do-reject', disabled: done, onclick: () => markCase(node, 'rejected') }, 'Reject')] : null));
  }
  const have = images(c);
  const available = { side: !!(have.golden || have.actual), slider: !!(have.golden && have.actual),
    onion: !!(have.golden && have.actual), blink: !!(have.golden && have.actual), diff: !!have.diff };
  const viewer = el('div', { class: 'viewer', 'data-zoom': '1', tabindex: '0', 'aria-label': 'Images of ' + c.name });
  const range = el('input', { type: 'range', min: '0', max: '100', value: '50', 'aria-label': 'Position', hidden: true });
  const blinkState = el('span', { class: 'blink-state', hidden: true });
  const modeBar = el('span', { class: 'seg modes', role: 'group', 'aria-label': 'Compare mode' },
    modes.map((m, i) => el('button', { 'data-mode': m, title: `${modeNames[m]} (${i + 1})`, disabled: !available[m],
      'aria-pressed': 'false', onclick: () => setMode(node, m) }, modeNames[m])));
  const zoomBar = el('span', { class: 'seg zooms', role: 'group', 'aria-label': 'Zoom' },
    zooms.map(z => el('button', { 'data-zoom': String(z), 'aria-pressed': String(z === 1), onclick: () => setZoom(node, z) },
      z === 1 ? '1:1' : z + '×')));
  node.append(el('div', { class: 'toolbar' }, modeBar, zoomBar, range, blinkState));
  node.append(viewer);
  node._case = c;
  node._available = available;
  range.addEventListener('input', () => updateStack(node));
  panning(viewer);
  if (c.layoutDiff) node.append(layoutTable(c.layoutDiff));
  if (c.mixedFonts.length) {
    node.append(el('div', { class: 'fonts' }, 'Fonts: ', c.mixedFonts.join(' · ')));
  }
  if (c.contrast.length) {
    node.append(el('div', { class: 'contrast' }, 'Contrast: ',
      c.contrast.map((n, i) => el('span', { class: n.meetsAA ? 'ok' : 'low' }, (i ? ' · ' : '') + (n.meetsAA ? '' : '⚠ ') + n.summary))));
  }
  setMode(node, modes.find(m => available[m]) || 'side');
}
// A reviewer's verdict on a case of the list, shown on its badge.
function markCase(node, verdict) {
  node.dataset.review = verdict;
  node.querySelector('.badge').textContent = verdict;
}

// ---- Changes: the failing cases grouped by what changed, one representative shown large.
function changes() {
  const root = document.getElementById('changes');
  if (!data.groups.length) return;
  const failing = data.groups.reduce((n, g) => n + g.count, 0);
  root.append(el('h2', {}, `What changed: ${plural(data.groups.length, 'change')} in ${plural(failing, 'failing case')}`,
    el('span', { class: 'hint' }, ' — n/p next/previous change; every case is listed below them')));
  for (const g of data.groups) {
    const node = el('article', { class: 'change', id: 'change:' + g.id, 'data-id': g.id, tabindex: '-1' });
    const command = data.approve + ' --group ' + g.id;
    node.append(el('header', {}, el('span', { class: 'count' }, String(g.count)),
      el('h3', { class: 'sentence' }, g.sentence), el('span', { class: 'verdict' }), el('code', { class: 'id' }, g.id)));
    node.append(el('p', { class: 'approve' }, 'Accept this change: ', el('code', {}, command), ' ',
      el('button', { class: 'approve-change', onclick: () => approveChange(g, node, command) }, review ? 'Approve group' : 'Copy command'),
      ' ', el('button', { class: 'reject-change', onclick: () => rejectChange(g, node),
        title: review ? 'Mark this change rejected: its goldens stay as they are' : 'A report opened from disk writes nothing: this marks the change on this page, in this browser' },
        review ? 'Reject group' : 'Mark rejected')));
    const box = el('div', { class: 'specimen' });
    const members = el('div', { class: 'members', role: 'group', 'aria-label': 'The cases of this change' });
    node.append(box, members);
    later(node, () => { specimen(box, byName.get(g.representative)); thumbnails(members, g, box); });
    root.append(node);
  }
}
// Shows case `c` large in a change's specimen box.
function specimen(box, c) {
  if (!c) return;
  clearInterval(box._blink);
  box.replaceChildren(caseHeader(c, 'case:' + c.name));
  box._case = c;
  box.dataset.name = c.name;
  fillCase(box, c, false);
}
// Every member of a change as a thumbnail of its actual picture, a few hundred at a time; a click
// shows that member large.
function thumbnails(box, g, specimenBox) {
  const chunk = 120;
  let count = 0;
  const more = el('button', { class: 'more' });
  const add = () => {
    for (const name of g.cases.slice(count, count + chunk)) {
      const c = byName.get(name), have = c ? images(c) : {}, src = have.actual || have.golden;
      const label = name.split('/').slice(-2).join('/');
      box.insertBefore(el('button', { class: 'member', 'data-name': name, title: name, 'aria-pressed': String(name === g.representative),
        onclick: event => {
          specimen(specimenBox, c);
          box.querySelectorAll('.member').forEach(b => b.setAttribute('aria-pressed', String(b === event.currentTarget)));
        } }, src ? el('img', { loading: 'lazy', src, alt: name }) : null, el('span', {}, label)), more);
    }
    count = Math.min(g.cases.length, count + chunk);
    more.hidden = count >= g.cases.length;
    more.textContent = `Show ${Math.min(chunk, g.cases.length - count)} more (${g.cases.length - count} not shown)`;
  };
  more.addEventListener('click', add);
  box.append(more);
  add();
}
function markChange(node, verdict) {
  node.dataset.review = verdict;
  node.querySelector('.verdict').textContent = verdict;
}
async function approveChange(g, node, command) {
  if (!review) {
    // A static report cannot write: the command goes to the clipboard, to run in the repository.
    try { await navigator.clipboard.writeText(command); node.querySelector('.verdict').textContent = 'command copied'; }
    catch (e) { getSelection().selectAllChildren(node.querySelector('.approve code')); node.querySelector('.verdict').textContent = 'command selected'; }
    return;
  }
  if (await approve(g.cases.filter(name => byName.get(name)?.failed))) markChange(node, 'approved');
}
function rejectChange(g, node) {
  markChange(node, 'rejected');
  // A static report cannot write: say that the mark is this page's alone.
  if (!review) node.querySelector('.verdict').textContent = 'rejected on this page only (nothing is written)';
  for (const name of g.cases) { const n = document.getElementById('case:' + name); if (n) markCase(n, 'rejected'); }
}

function setMode(node, mode) {
  if (!node._case || !node._available || !node._available[mode]) return;
  const c = node._case, have = images(c), viewer = node.querySelector('.viewer');
  clearInterval(node._blink);
  node.dataset.mode = mode;
  viewer.dataset.mode = mode;
  node.querySelectorAll('.modes button').forEach(b => b.setAttribute('aria-pressed', String(b.dataset.mode === mode)));
  const range = node.querySelector('input[type=range]'), blinkState = node.querySelector('.blink-state');
  range.hidden = !(mode === 'slider' || mode === 'onion');
  blinkState.hidden = mode !== 'blink';
  viewer.replaceChildren();
  if (mode === 'side') {
    const figures = [['golden', have.golden], ['actual', have.actual], ['diff', have.diff]].filter(f => f[1]);
    viewer.append(el('div', { class: 'side' }, figures.map(([k, src]) => el('figure', {}, el('figcaption', {}, k), image(src, k, k)))));
  } else if (mode === 'diff') {
    viewer.append(el('figure', {}, el('figcaption', {}, 'diff: red differs, yellow anti-aliasing'), image(have.diff, 'diff', 'diff')));
  } else {
    const stack = el('div', { class: 'stack' }, image(have.golden, 'golden', 'golden'), image(have.actual, 'actual', 'actual'),
      mode === 'slider' ? el('div', { class: 'divider' }) : null);
    const captions = mode === 'slider' ? el('div', { class: 'caption-row' }, el('span', {}, '← golden'), el('span', {}, 'actual →'))
      : el('div', { class: 'caption-row' }, el('span', {}, mode === 'onion' ? 'golden, actual over it' : 'golden and actual in turn'));
    viewer.append(captions, stack);
    if (mode === 'blink') {
      let showing = 'golden';
      const flip = () => {
        showing = showing === 'golden' ? 'actual' : 'golden';
        node.dataset.showing = showing;
        stack.querySelector('[data-image=actual]').style.visibility = showing === 'actual' ? 'visible' : 'hidden';
        blinkState.textContent = 'showing ' + showing;
      };
      showing = 'actual';
      flip();
      node._blink = setInterval(flip, 700);
    }
    updateStack(node);
  }
  viewer.querySelectorAll('img').forEach(img => { if (img.complete) sizeImage(img); });
}

function updateStack(node) {
  const mode = node.dataset.mode, value = Number(node.querySelector('input[type=range]').value);
  const actual = node.querySelector('.stack [data-image=actual]');
  if (!actual) return;
  if (mode === 'slider') {
    actual.style.opacity = 1;
    actual.style.clipPath = `inset(0 0 0 ${value}%)`;
    const divider = node.querySelector('.divider');
    if (divider) divider.style.left = value + '%';
  } else if (mode === 'onion') {
    actual.style.clipPath = 'none';
    actual.style.opacity = value / 100;
  }
}

function setZoom(node, zoom) {
  const viewer = node.querySelector('.viewer');
  if (!viewer) return;
  viewer.dataset.zoom = String(zoom);
  node.querySelectorAll('.zooms button').forEach(b => b.setAttribute('aria-pressed', String(Number(b.dataset.zoom) === zoom)));
  viewer.querySelectorAll('img').forEach(sizeImage);
}

// Drag to pan a zoomed image.
function panning(viewer) {
  let start = null;
  viewer.addEventListener('pointerdown', e => {
    start = { x: e.clientX, y: e.clientY, left: viewer.scrollLeft, top: viewer.scrollTop };
    viewer.classList.add('panning');
  });
  const stop = () => { start = null; viewer.classList.remove('panning'); };
  viewer.addEventListener('pointerup', stop);
  viewer.addEventListener('pointerleave', stop);
  viewer.addEventListener('pointermove', e => {
    if (!start) return;
    viewer.scrollLeft = start.left - (e.clientX - start.x);
    viewer.scrollTop = start.top - (e.clientY - start.y);
  });
}

function layoutTable(rows) {
  const cell = (spans, side) => el('td', { class: side }, spans ? spans.map(({ text, changed }) =>
    changed ? el(side === 'golden' ? 'del' : 'ins', {}, text) : text) : '');
  return el('table', { class: 'layout', 'aria-label': 'Layout diff' },
    el('thead', {}, el('tr', {}, el('th', {}, 'golden layout'), el('th', {}, 'actual layout'))),
    el('tbody', {}, rows.map(r => el('tr', { class: r.kind }, cell(r.golden, 'golden'), cell(r.actual, 'actual')))));
}

// ---- Groups, filters, search.
function build() {
  const root = document.getElementById('groups');
  const groups = new Map();
  for (const c of data.cases) {
    if (!groups.has(c.group)) groups.set(c.group, []);
    groups.get(c.group).push(c);
  }
  const ordered = [...groups.entries()].sort((a, b) => (b[1].some(c => c.failed) - a[1].some(c => c.failed)));
  for (const [name, members] of ordered) {
    const failing = members.filter(c => c.failed).length;
    const group = el('details', { class: 'group', 'data-failing': String(failing), open: failing > 0 },
      el('summary', {}, name + ' ', el('span', { class: 'n' }, `${failing} of ${members.length} failing`),
        review && failing ? [' ', el('button', { class: 'approve-group',
          onclick: event => { event.preventDefault(); approve(members.filter(c => c.failed).map(c => c.name)); } }, 'Approve group')] : null));
    const sorted = [...members].sort((a, b) => b.failed - a.failed);
    for (const c of sorted) group.append(caseNode(c));
    root.append(group);
  }
  if (data.unused.length) {
    const group = el('details', { class: 'group unused', open: true },
      el('summary', {}, 'Goldens no case produces ', el('span', { class: 'n' }, '(seemore prune removes them)')));
    for (const u of data.unused) {
      group.append(el('article', { class: 'case', id: 'unused:' + u.path, 'data-kind': 'unused', 'data-name': u.path, tabindex: '-1' },
        el('header', {}, el('span', { class: 'badge k-unused' }, 'unused'), el('span', { class: 'name' }, u.path)),
        el('div', { class: 'thumb' }, u.image ? el('img', { loading: 'lazy', src: u.image, alt: 'unused golden' }) : 'not shown')));
    }
    root.append(group);
  }
}

function applyFilters() {
  let visible = 0;
  document.querySelectorAll('.case').forEach(node => {
    const show = shown.has(node.dataset.kind) && (!query || node.dataset.name.toLowerCase().includes(query));
    node.hidden = !show;
    if (show) visible++;
  });
  document.querySelectorAll('.group').forEach(group => {
    group.hidden = !group.querySelector('.case:not([hidden])');
  });
  const empty = document.getElementById('empty');
  empty.hidden = visible > 0;
  empty.textContent = data.cases.some(c => c.failed) || data.unused.length
    ? 'No case matches the filters.' : 'Every case passed. Show them with the “passed” filter.';
}

// ---- Keyboard.
function failures() { return [...document.querySelectorAll('.case[data-failed=true]:not([hidden])')].filter(n => !n.closest('.group').hidden); }
function select(node, scroll) {
  if (!node) return;
  ensure(node);
  if (current) current.classList.remove('current');
  current = node;
  node.classList.add('current');
  const group = node.closest('details');
  if (group) group.open = true;
  history.replaceState(null, '', '#' + encodeURIComponent(node.id));
  node.focus({ preventScroll: true });
  if (scroll) node.scrollIntoView({ block: 'start' });
}
function step(direction) {
  const list = failures();
  if (!list.length) return;
  const at = list.indexOf(current);
  select(at < 0 ? (direction > 0 ? list[0] : list[list.length - 1]) : list[Math.max(0, Math.min(list.length - 1, at + direction))], true);
}
let currentChange = -1;
function stepChange(direction) {
  const list = [...document.querySelectorAll('.change')];
  if (!list.length) return;
  currentChange = Math.max(0, Math.min(list.length - 1, currentChange + direction));
  const node = list[currentChange];
  ensure(node);
  node.focus({ preventScroll: true });
  node.scrollIntoView({ block: 'start' });
}
document.addEventListener('keydown', e => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const search = document.getElementById('search');
  if (e.target === search) { if (e.key === 'Escape') search.blur(); return; }
  if (e.key === 'j') step(1);
  else if (e.key === 'k') step(-1);
  else if (e.key === '/') { e.preventDefault(); search.focus(); }
  else if (e.key === 'n' || e.key === 'p') stepChange(e.key === 'n' ? 1 : -1);
  else if (/^[1-5]$/.test(e.key)) { const node = current || failures()[0]; if (node) { select(node, false); setMode(node, modes[Number(e.key) - 1]); } }
  else if (e.key === '+' || e.key === '=' || e.key === '-') {
    const node = current || failures()[0];
    ensure(node);
    if (!node || !node.querySelector('.viewer')) return;
    const zoom = Number(node.querySelector('.viewer').dataset.zoom), i = zooms.indexOf(zoom);
    setZoom(node, zooms[Math.max(0, Math.min(zooms.length - 1, i + (e.key === '-' ? -1 : 1)))]);
  } else return;
  e.preventDefault();
});
document.addEventListener('click', e => { const node = e.target.closest('.case'); if (node && node !== current) select(node, false); });
document.getElementById('search').addEventListener('input', e => { query = e.target.value.trim().toLowerCase(); applyFilters(); });

notes();
counts();
changes();
build();
if (kept) {
  document.getElementById('search').value = kept.query;
  const status = document.getElementById('review-status');
  if (status && kept.status) [status.textContent, status.className] = kept.status;
  for (const name of kept.rejected) {
    const node = document.getElementById('case:' + name);
    if (node) markCase(node, 'rejected');
  }
}
applyFilters();
if (kept) scrollTo(0, kept.scroll);
if (location.hash) {
  const node = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (node) {
    if (node.hidden) { shown.add(node.dataset.kind); document.querySelector(`.counts [data-kind="${node.dataset.kind}"]`)?.setAttribute('aria-pressed', 'true'); applyFilters(); }
    select(node, true);
  }
}
