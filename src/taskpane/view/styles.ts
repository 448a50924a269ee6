/**
 * The pane's stylesheet, scoped under `.svc-pane` so it can be mounted inside the playground's page without
 * touching anything else. Kept in TypeScript (injected once per document) because the build has no CSS loader
 * and the playground mounts the pane without the pane's HTML page. Fluent look: Segoe UI, 8 px grid, neutral
 * greys, Office blue, visible focus rings; one column that works from 320 px wide.
 */
export const PANE_CSS = `
.svc-pane { --accent:#0f6cbd; --accent-hover:#115ea3; --accent-press:#0c3b5e; --fg:#242424; --fg2:#616161; --line:#d1d1d1;
  --bg:#ffffff; --bg2:#f5f5f5; --bg3:#ebebeb; --ok:#107c10; --bad:#c50f1f; --warn:#bc4b09; --focus:#000000;
  font-family:"Segoe UI","Segoe UI Web (West European)",-apple-system,BlinkMacSystemFont,Roboto,"Helvetica Neue",sans-serif;
  font-size:14px; line-height:20px; color:var(--fg); background:var(--bg); min-width:300px; box-sizing:border-box; }
.svc-pane *, .svc-pane *::before, .svc-pane *::after { box-sizing:inherit; }
.svc-pane header { display:flex; align-items:center; gap:8px; padding:8px 16px; border-bottom:1px solid var(--line); flex-wrap:wrap; }
.svc-pane h1 { font-size:16px; font-weight:600; margin:0; flex:1; }
.svc-pane h2 { font-size:14px; font-weight:600; margin:16px 0 8px; }
.svc-pane [role=tablist] { display:flex; flex-wrap:wrap; border-bottom:1px solid var(--line); padding:0 8px; }
.svc-pane [role=tab] { background:none; border:0; border-bottom:2px solid transparent; padding:8px; font:inherit; color:var(--fg2); cursor:pointer; white-space:nowrap; }
.svc-pane [role=tab][aria-selected=true] { color:var(--fg); border-bottom-color:var(--accent); font-weight:600; }
.svc-pane [role=tabpanel] { padding:8px 16px 16px; }
.svc-pane .svc-field { display:flex; flex-direction:column; gap:4px; margin-bottom:8px; }
.svc-pane label { font-weight:600; font-size:13px; }
.svc-pane .svc-hint { color:var(--fg2); font-size:12px; line-height:16px; }
.svc-pane input[type=text], .svc-pane input[type=password], .svc-pane input[type=number], .svc-pane input[type=url],
.svc-pane select, .svc-pane textarea { font:inherit; color:inherit; background:var(--bg); border:1px solid var(--line);
  border-bottom-color:#616161; border-radius:4px; padding:4px 8px; min-height:32px; width:100%; min-width:0; }
.svc-pane textarea { resize:vertical; font-family:Consolas,"Courier New",monospace; font-size:12px; }
.svc-pane button { font:inherit; font-weight:600; min-height:32px; padding:4px 12px; border-radius:4px; border:1px solid var(--line);
  background:var(--bg); color:var(--fg); cursor:pointer; }
.svc-pane button:hover { background:var(--bg2); }
.svc-pane button.svc-primary { background:var(--accent); border-color:var(--accent); color:#fff; }
.svc-pane button.svc-primary:hover { background:var(--accent-hover); }
.svc-pane button.svc-primary:active { background:var(--accent-press); }
.svc-pane button:disabled { background:var(--bg3); border-color:var(--bg3); color:#bdbdbd; cursor:default; }
.svc-pane button.svc-link { border:0; background:none; color:var(--accent); padding:4px; min-height:24px; font-weight:400; }
.svc-pane :focus-visible { outline:2px solid var(--focus); outline-offset:2px; }
.svc-pane .svc-row { display:flex; gap:8px; align-items:flex-end; flex-wrap:wrap; }
.svc-pane .svc-row > .svc-field { flex:1 1 120px; }
.svc-pane .svc-actions { display:flex; gap:8px; flex-wrap:wrap; margin:8px 0; }
.svc-pane fieldset { border:1px solid var(--line); border-radius:4px; padding:8px; margin:0 0 8px; }
.svc-pane legend { font-weight:600; font-size:13px; padding:0 4px; }
.svc-pane .svc-choice { display:flex; gap:4px 16px; flex-wrap:wrap; }
.svc-pane .svc-choice label { font-weight:400; display:flex; gap:4px; align-items:center; }
.svc-pane .svc-pick { display:flex; gap:8px; align-items:baseline; }
.svc-pane .svc-params { display:flex; flex-direction:column; gap:4px; margin-bottom:8px; }
.svc-pane .svc-param { display:grid; grid-template-columns:1fr 1fr 32px; gap:4px; }
.svc-pane .svc-param button { padding:0; }
.svc-pane .svc-status { display:flex; gap:8px; align-items:flex-start; padding:8px; background:var(--bg2); border-radius:4px; margin:8px 0; }
.svc-pane .svc-dot { width:10px; height:10px; border-radius:50%; background:#8a8a8a; flex:none; margin-top:5px; }
.svc-pane .svc-dot[data-state=valid] { background:var(--ok); }
.svc-pane .svc-dot[data-state=invalid], .svc-pane .svc-dot[data-state=error] { background:var(--bad); }
.svc-pane .svc-dot[data-state=unreachable] { background:var(--warn); }
.svc-pane .svc-dot[data-state=checking] { background:var(--accent); }
.svc-pane .svc-badge { display:flex; gap:4px; align-items:center; }
.svc-pane .svc-badge .svc-dot { margin-top:0; }
.svc-pane .svc-error { color:var(--bad); }
.svc-pane .svc-warning { color:var(--warn); }
.svc-pane .svc-query-name { font-weight:600; margin:8px 0 0; }
.svc-pane dl { display:grid; grid-template-columns:auto 1fr; gap:2px 8px; margin:8px 0; }
.svc-pane dt { color:var(--fg2); }
.svc-pane dd { margin:0; overflow-wrap:anywhere; }
.svc-pane code, .svc-pane .svc-mono { font-family:Consolas,"Courier New",monospace; font-size:12px; overflow-wrap:anywhere; }
.svc-pane progress { width:100%; height:8px; accent-color:var(--accent); }
.svc-pane .svc-activity { position:sticky; bottom:0; background:var(--bg); border-top:1px solid var(--line); padding:8px 16px; }
.svc-pane ul.svc-list { list-style:none; margin:0; padding:0; }
.svc-pane ul.svc-demo-queries { list-style:none; margin:0 0 8px; padding:0; }
.svc-pane ul.svc-demo-queries button.svc-link { text-align:left; }
.svc-pane ul.svc-list > li { border:1px solid var(--line); border-radius:4px; padding:8px; margin-bottom:8px; }
.svc-pane .svc-refresh label { font-weight:400; align-items:center; gap:4px; }
.svc-pane .svc-refresh .svc-row { align-items:center; }
.svc-pane .svc-not-loaded { flex-basis:100%; }
.svc-pane .svc-not-loaded p { margin:4px 0; }
.svc-pane .svc-not-loaded ul { margin:4px 0; padding-left:16px; }
.svc-pane .svc-status p { margin:0 0 8px; }
.svc-pane .svc-hint + .svc-row, .svc-pane .svc-hint + .svc-field { margin-top:8px; }
.svc-pane table { border-collapse:collapse; margin:8px 0; }
.svc-pane th, .svc-pane td { text-align:left; padding:2px 16px 2px 0; }
.svc-pane th[scope=row] { font-weight:400; color:var(--fg2); }
.svc-pane .svc-preview { overflow-x:auto; }
.svc-pane .svc-preview-table { border-collapse:collapse; font-size:12px; }
.svc-pane .svc-preview-table th, .svc-pane .svc-preview-table td { border-bottom:1px solid var(--line); padding:2px 8px 2px 0; white-space:nowrap; }
.svc-pane .svc-confirm { border:2px solid var(--accent); border-radius:4px; padding:8px; margin:8px 0; background:var(--bg); }
.svc-pane [hidden] { display:none !important; }
@media (forced-colors: active) { .svc-pane .svc-dot { forced-color-adjust:none; } }
`;

const STYLE_ID = "svc-pane-styles";

/** Adds the stylesheet to the document once, however many panes are mounted. */
export function injectStyles(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement("style");
  style.id = STYLE_ID;
  style.textContent = PANE_CSS;
  (doc.head ?? doc.documentElement).appendChild(style);
}
