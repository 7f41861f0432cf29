/**
 * The dashboard's only static files: one stylesheet and one small script (copy buttons),
 * kept as strings so there is no build step and no bucket. Pages link them with a content
 * hash in the query, so they can be cached for a year.
 */
import { createHash } from 'node:crypto';

const stylesheet = `
:root {
  --text: #1a1f36; --muted: #4a5068; --line: #d5d9e2; --surface: #f6f7fb; --page: #ffffff;
  --accent: #3a36c4; --accent-dark: #2a2799; --danger: #b42318; --danger-bg: #fdecea;
  --ok: #146c43; --ok-bg: #e6f4ea; --warn: #8a4b00; --warn-bg: #fff3d6; --info-bg: #e9ecff;
  --focus: #1d4ed8;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--text); background: var(--page); line-height: 1.5;
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; }
a { color: var(--accent); }
a:hover { color: var(--accent-dark); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip-link { position: absolute; left: -999px; top: 0; background: var(--page); padding: .5rem 1rem; z-index: 10; }
.skip-link:focus { left: 1rem; }
.top { display: flex; align-items: center; gap: 1.5rem; padding: .75rem 1.5rem; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
.brand { font-weight: 700; font-size: 1.1rem; color: var(--text); text-decoration: none; }
.top nav ul { display: flex; gap: .25rem; list-style: none; margin: 0; padding: 0; flex-wrap: wrap; }
.top nav a { display: block; padding: .35rem .7rem; border-radius: 6px; color: var(--text); text-decoration: none; }
.top nav a:hover { background: var(--surface); }
.top nav a[aria-current="page"] { background: var(--info-bg); color: var(--accent-dark); font-weight: 600; }
.tabs { display: flex; align-items: center; gap: .75rem; border-bottom: 1px solid var(--line); margin-bottom: 1.25rem; }
.tabs ul { display: flex; gap: .25rem; list-style: none; margin: 0; padding: 0; }
.tabs a { display: block; padding: .5rem .8rem; color: var(--text); text-decoration: none; border-bottom: 3px solid transparent; }
.tabs a[aria-current="page"] { border-bottom-color: var(--accent); color: var(--accent-dark); font-weight: 600; }
.who { margin-left: auto; display: flex; align-items: center; gap: .75rem; color: var(--muted); font-size: .9rem; }
main { max-width: 1100px; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.6rem; margin: .25rem 0 1rem; }
h2 { font-size: 1.2rem; margin: 1.75rem 0 .75rem; }
p.lead { color: var(--muted); margin-top: -.5rem; }
table { width: 100%; border-collapse: collapse; font-size: .95rem; }
th, td { text-align: left; padding: .55rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: .8rem; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); background: var(--surface); }
td.num, th.num { text-align: right; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
.card { border: 1px solid var(--line); border-radius: 10px; padding: 1rem 1.25rem; margin: 1rem 0; background: var(--page); }
.card > :first-child { margin-top: 0; }
.muted { color: var(--muted); }
.badge { display: inline-block; padding: .1rem .55rem; border-radius: 999px; font-size: .8rem; font-weight: 600; background: var(--surface); color: var(--text); border: 1px solid var(--line); white-space: nowrap; }
.badge.ok { background: var(--ok-bg); color: var(--ok); border-color: #b7dfc5; }
.badge.bad { background: var(--danger-bg); color: var(--danger); border-color: #f3c2bd; }
.badge.warn { background: var(--warn-bg); color: var(--warn); border-color: #f0d49a; }
.badge.info { background: var(--info-bg); color: var(--accent-dark); border-color: #c7cdfa; }
form.inline { display: inline; }
.form-row { display: flex; gap: 1rem; flex-wrap: wrap; align-items: flex-end; margin-bottom: 1rem; }
.field { display: flex; flex-direction: column; gap: .25rem; }
.field label, fieldset legend { font-weight: 600; font-size: .9rem; }
.field .hint { color: var(--muted); font-size: .85rem; }
input[type=text], input[type=email], input[type=password], input[type=date], select, textarea {
  font: inherit; padding: .45rem .6rem; border: 1px solid #8a90a6; border-radius: 6px; background: var(--page); color: var(--text); min-width: 12rem;
}
fieldset { border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem; }
.checks { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 0 1rem; }
.choice { display: flex; gap: .5rem; align-items: flex-start; margin: .4rem 0; }
button, .button { font: inherit; font-weight: 600; padding: .45rem .9rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; display: inline-block; }
button:hover, .button:hover { background: var(--accent-dark); color: #fff; }
button.secondary, .button.secondary { background: var(--page); color: var(--accent-dark); }
button.secondary:hover, .button.secondary:hover { background: var(--info-bg); color: var(--accent-dark); }
button.danger { background: var(--danger); border-color: var(--danger); }
button.danger:hover { background: #8f1b12; }
button.small { padding: .2rem .55rem; font-size: .85rem; }
.notice { border-radius: 8px; padding: .75rem 1rem; margin: 0 0 1rem; border: 1px solid; }
.notice.ok { background: var(--ok-bg); border-color: #b7dfc5; color: var(--ok); }
.notice.error { background: var(--danger-bg); border-color: #f3c2bd; color: var(--danger); }
.notice.warn { background: var(--warn-bg); border-color: #f0d49a; color: var(--warn); }
.secret { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
.secret input { flex: 1; min-width: 20rem; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.pager { display: flex; gap: .75rem; align-items: center; margin: 1rem 0; }
.timeline { list-style: none; padding: 0; margin: 0; border-left: 2px solid var(--line); }
.timeline li { margin: 0 0 .75rem 0; padding-left: 1rem; position: relative; }
.timeline li::before { content: ""; position: absolute; left: -7px; top: .45rem; width: 12px; height: 12px; border-radius: 50%; background: var(--accent); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1.25rem; margin: 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
iframe.body { width: 100%; min-height: 28rem; border: 1px solid var(--line); border-radius: 8px; background: #fff; }
pre { background: var(--surface); padding: .75rem 1rem; border-radius: 8px; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
.sign-in { max-width: 24rem; margin: 4rem auto; }
.sign-in .field input { width: 100%; }
.field.spaced { margin-top: .75rem; }
.hint.error, .field .hint.error { color: var(--danger); font-weight: 600; }
form .field + fieldset { margin-top: .75rem; }
td code { overflow-wrap: anywhere; }
.field textarea { width: 100%; }
h2 .badge { vertical-align: middle; margin-left: .4rem; }
.empty pre { text-align: left; }
.empty { padding: 2rem; text-align: center; color: var(--muted); border: 1px dashed var(--line); border-radius: 10px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.stats { display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: .75rem; }
.stat { border: 1px solid var(--line); border-radius: 10px; padding: .6rem .9rem; }
.stat dd { margin: 0; font-size: 1.5rem; font-weight: 700; }
.chart { display: block; margin: 0; height: auto; }
.legend { display: flex; flex-wrap: wrap; gap: 1.25rem; list-style: none; padding: 0; }
table.data th[scope=row] { text-transform: none; font-size: .95rem; color: var(--text); background: none; }
`;

/** Copy buttons are hidden until this script runs, so without JavaScript nothing is broken. */
const script = `
document.querySelectorAll('button[data-copy]').forEach(function (button) {
  var label = button.textContent;
  var status = document.getElementById('copy-status');
  var timer;
  button.hidden = false;
  button.addEventListener('click', function () {
    var target = document.getElementById(button.getAttribute('data-copy'));
    if (!target) return;
    var text = 'value' in target ? target.value : target.textContent;
    function done(message) {
      // The label is kept from the start, so a second click never makes "Copied" the label; the
      // page's status region (always present, so screen readers watch it) says what happened.
      button.textContent = message;
      if (status) status.textContent = message;
      clearTimeout(timer);
      timer = setTimeout(function () { button.textContent = label; }, 1500);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done('Copied'); }, function () { done('Copy failed'); });
    } else if (typeof target.select === 'function') {
      target.select();
      done(document.execCommand('copy') ? 'Copied' : 'Select and copy');
    }
  });
});
`;

export interface Asset {
  contentType: string;
  body: string;
  /** Short content hash, part of the URL pages use. */
  version: string;
}

const asset = (contentType: string, body: string): Asset => ({
  contentType,
  body,
  version: createHash('sha256').update(body).digest('hex').slice(0, 12),
});

export const assets: Readonly<Record<string, Asset>> = {
  'dashboard.css': asset('text/css; charset=utf-8', stylesheet),
  'dashboard.js': asset('text/javascript; charset=utf-8', script),
};

export function assetUrl(name: keyof typeof assets & string): string {
  const found = assets[name];
  if (!found) throw new Error(`Unknown dashboard asset ${name}`);
  return `/dashboard/assets/${name}?v=${found.version}`;
}
