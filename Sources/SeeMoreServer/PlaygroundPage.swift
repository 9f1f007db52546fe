/// `GET /`: the playground. A designer types a text, picks a template, drags the width, and sees the
/// collapsed and expanded cards as the server draws them, with the suffix rect, the hit rect and the
/// line boxes on top when asked, the metadata, and the `seemore render` command that draws the same.
enum PlaygroundPage {
    static let html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>SeeMore playground</title>
        <style>
        body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1f2328; background: #f6f6f8; }
        header { padding: 10px 20px; background: #fff; border-bottom: 1px solid #d8dee4; }
        h1 { font-size: 16px; margin: 0; }
        main { display: grid; grid-template-columns: 340px 1fr; gap: 20px; padding: 16px 20px; }
        form { display: grid; gap: 10px; align-content: start; }
        label { display: grid; gap: 3px; font-size: 12px; color: #656d76; }
        textarea { font: 14px system-ui, sans-serif; min-height: 120px; padding: 6px; }
        input, select { font: inherit; padding: 3px 6px; }
        .row { display: flex; gap: 10px; } .row > label { flex: 1; }
        .checks { display: flex; flex-wrap: wrap; gap: 10px; font-size: 12px; }
        .checks label { display: flex; gap: 4px; align-items: center; color: #1f2328; }
        .cards { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
        figure { margin: 0; } figcaption { font-size: 12px; color: #656d76; margin-bottom: 4px; }
        .stage { position: relative; display: inline-block; background: repeating-conic-gradient(#e9e9ec 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .stage img { display: block; }
        .box { position: absolute; pointer-events: none; box-sizing: border-box; }
        .box.suffix { border: 1px solid #cf222e; background: rgba(207, 34, 46, .12); }
        .box.hit { border: 1px dashed #8250df; }
        .box.line { border-top: 1px solid rgba(9, 105, 218, .6); border-bottom: 1px solid rgba(9, 105, 218, .6); background: rgba(9, 105, 218, .05); }
        pre { background: #fff; border: 1px solid #d8dee4; border-radius: 6px; padding: 8px; font-size: 12px; white-space: pre-wrap; word-break: break-word; max-height: 300px; overflow: auto; }
        #error { color: #cf222e; min-height: 1.4em; }
        #cli { display: block; font: 12px ui-monospace, monospace; background: #eef0f3; padding: 6px; border-radius: 4px; word-break: break-all; }
        </style></head><body>
        <header><h1>SeeMore playground</h1></header>
        <main>
        <form id="controls" onsubmit="return false">
          <label>Text <textarea id="text">We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds, filed bugs at two in the morning and kept the coffee coming.</textarea></label>
          <div class="row"><label>Template <select id="template"></select></label><label>Theme <select id="theme"></select></label></div>
          <label>Width <span><input id="width" type="range" min="120" max="800" step="1" value="320"> <output id="width-value">320</output> pt</span></label>
          <div class="row"><label>Font <input id="font" placeholder="the template's"></label><label>Lines <input id="lines" type="number" min="1" max="1000" placeholder="template"></label></div>
          <div class="row"><label>Scale <select id="scale"><option>1</option><option>2</option><option>3</option></select></label><label>Language <input id="lang" placeholder="from the text"></label></div>
          <div class="checks"><label><input id="markup" type="checkbox"> markup</label>
            <label><input id="show-suffix" type="checkbox"> suffix rect</label><label><input id="show-hit" type="checkbox"> hit rect</label>
            <label><input id="show-lines" type="checkbox"> line boxes</label></div>
          <div id="error" role="alert"></div>
          <button id="copy" type="button">Copy as CLI</button><code id="cli"></code>
        </form>
        <section>
          <div class="cards">
            <figure><figcaption>collapsed</figcaption><div class="stage" id="stage-collapsed"><img id="img-collapsed" alt="collapsed card"></div></figure>
            <figure><figcaption>expanded</figcaption><div class="stage" id="stage-expanded"><img id="img-expanded" alt="expanded card"></div></figure>
          </div>
          <pre id="metadata"></pre>
        </section>
        </main>
        <script>
        'use strict';
        const $ = id => document.getElementById(id);
        let templates = {};
        let generation = 0;
        let controllers = [];
        const metadata = {};

        function fields(state) {
          const f = { text: $('text').value, template: $('template').value, width: Number($('width').value), state,
            theme: $('theme').value, scale: Number($('scale').value) };
          if ($('font').value.trim()) f.font = $('font').value.trim();
          if ($('lines').value) f.lines = Number($('lines').value);
          if ($('lang').value.trim()) f.lang = $('lang').value.trim();
          if ($('markup').checked) f.markup = true;
          return f;
        }

        function quote(word) { return /^[A-Za-z0-9_\\/.:=@%+,-]+$/.test(word) ? word : "'" + word.replace(/'/g, "'\\\\''") + "'"; }
        function cli() {
          const f = fields('collapsed');
          const words = ['seemore', 'render', '--text', f.text, '--template', f.template, '--width', String(f.width), '--theme', f.theme];
          if (f.scale !== 1) words.push('--scale', String(f.scale));
          if (f.font) words.push('--font', f.font);
          if (f.lines) words.push('--lines', String(f.lines));
          if (f.lang) words.push('--lang', f.lang);
          if (f.markup) words.push('--markup');
          return words.map(quote).join(' ');
        }

        function overlays(state) {
          const stage = $('stage-' + state), m = metadata[state];
          stage.querySelectorAll('.box').forEach(b => b.remove());
          if (!m) return;
          const add = (rect, kind) => {
            if (!rect) return;
            const box = document.createElement('div');
            box.className = 'box ' + kind;
            Object.assign(box.style, { left: rect.x + 'px', top: rect.y + 'px', width: rect.width + 'px', height: rect.height + 'px' });
            stage.append(box);
          };
          if ($('show-lines').checked) m.lineBoxes.forEach(r => add(r, 'line'));
          if ($('show-suffix').checked) (m.suffixRects.length ? m.suffixRects : [m.suffixRect]).forEach(r => add(r, 'suffix'));
          if ($('show-hit').checked) add(m.hitRect, 'hit');
        }

        async function update() {
          const mine = ++generation;
          controllers.forEach(c => c.abort());
          controllers = [];
          $('width-value').textContent = $('width').value;
          $('cli').textContent = cli();
          try {
            await Promise.all(['collapsed', 'expanded'].map(async state => {
              const controller = new AbortController();
              controllers.push(controller);
              const response = await fetch('/render', { method: 'POST', headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify(fields(state)), signal: controller.signal });
              const body = await response.json();
              if (mine !== generation) return;
              if (!response.ok) throw new Error(body.error + (body.field ? ' (' + body.field + ')' : ''));
              const card = body[state];
              const img = $('img-' + state);
              await new Promise((resolve, reject) => {
                img.onload = resolve; img.onerror = () => reject(new Error('the picture did not load'));
                img.style.width = card.width + 'px';
                img.src = card.file;
              });
              if (mine !== generation) return;
              metadata[state] = card;
              overlays(state);
            }));
            if (mine !== generation) return;
            $('error').textContent = '';
            const m = metadata.collapsed;
            $('metadata').textContent = JSON.stringify({ truncated: m.truncated, kept: m.kept, lineCount: m.lineCount, lines: m.lines,
              suffixRect: m.suffixRect, hitRect: m.hitRect, size: [m.width, m.height] }, null, 2);
            document.body.dataset.generation = String(mine);
          } catch (error) {
            if (error.name === 'AbortError' || mine !== generation) return;
            $('error').textContent = error.message;
            document.body.dataset.generation = String(mine);
          }
        }

        let timer = null;
        function soon() { clearTimeout(timer); timer = setTimeout(update, 120); }

        function themes() {
          const template = templates[$('template').value];
          const current = $('theme').value;
          $('theme').replaceChildren(...Object.keys(template.themes).map(name => new Option(name, name, false, name === current)));
        }

        async function start() {
          const list = (await (await fetch('/templates')).json()).templates;
          for (const t of list) templates[t.name] = JSON.parse(t.json);
          $('template').replaceChildren(...list.map(t => new Option(t.name, t.name, false, t.name === 'inline-more')));
          themes();
          $('template').addEventListener('change', () => { themes(); soon(); });
          for (const id of ['text', 'width', 'font', 'lines', 'lang', 'theme', 'scale', 'markup']) {
            $(id).addEventListener('input', soon);
            $(id).addEventListener('change', soon);
          }
          for (const id of ['show-suffix', 'show-hit', 'show-lines']) $(id).addEventListener('change', () => { overlays('collapsed'); overlays('expanded'); });
          $('copy').addEventListener('click', () => navigator.clipboard?.writeText(cli()).catch(() => {}));
          update();
        }
        start();
        </script>
        </body></html>

        """
}
