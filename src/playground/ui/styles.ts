/**
 * The playground's stylesheet (the build has no CSS loader; the pane does the same). Excel's look: green title
 * bar, light ribbon, grey headers, thin gridlines, a green selection frame, a blue frame around a spill range.
 * Cells are 13 px: Arial (or Liberation Sans, where Calibri is missing) at 13 px is about as wide as Excel's
 * Calibri 11 pt, so autofitted widths look as they would in Excel.
 */
export const PLAYGROUND_CSS = `
html, body { margin:0; height:100%; overflow:hidden; }
body { font-family:"Segoe UI","Segoe UI Web (West European)",-apple-system,BlinkMacSystemFont,Roboto,"Helvetica Neue",Arial,"Liberation Sans",sans-serif;
  font-size:13px; color:#242424; background:#f3f2f1; }
.pg-app { display:flex; flex-direction:column; height:100vh; }
.pg-titlebar { display:flex; align-items:center; gap:10px; height:36px; padding:0 12px; background:#185c37; color:#fff; }
.pg-app-mark { display:inline-flex; width:22px; height:22px; align-items:center; justify-content:center; background:#fff; color:#185c37;
  font-weight:700; border-radius:3px; font-size:14px; }
.pg-title { font-weight:600; font-size:14px; }
.pg-title-note { opacity:.85; font-size:12px; margin-left:auto; }
.pg-ribbon-tabs { display:flex; flex-wrap:wrap; gap:2px; padding:0 8px; background:#f3f2f1; }
.pg-ribbon-tab { font:inherit; padding:6px 10px; color:#424242; background:none; border:0; border-bottom:3px solid transparent; cursor:pointer; }
.pg-ribbon-tab:hover { background:#e1dfdd; }
.pg-ribbon-tab.pg-on { color:#185c37; font-weight:600; border-bottom-color:#185c37; }
.pg-ribbon-tab[hidden] { display:none; }
.pg-ribbon { min-height:78px; padding:4px 8px; background:#fff; border-top:1px solid #e1dfdd; border-bottom:1px solid #e1dfdd; }
.pg-ribbon-panel { display:flex; flex-wrap:wrap; }
.pg-ribbon-panel[hidden], .pg-ribbon-group[hidden] { display:none; }
.pg-ribbon-group { display:flex; flex-direction:column; padding:0 8px; border-right:1px solid #e1dfdd; }
.pg-ribbon-group-buttons, .pg-ribbon-commands { display:flex; gap:4px; flex:1; align-items:flex-start; }
.pg-ribbon-select { font:inherit; margin-top:8px; padding:2px 4px; min-width:120px; }
.pg-ribbon-group-label { text-align:center; color:#616161; font-size:11px; padding-top:2px; }
.pg-ribbon-button { display:flex; flex-direction:column; align-items:center; gap:4px; min-width:64px; padding:4px 6px; font:inherit; font-size:12px;
  background:none; border:1px solid transparent; border-radius:4px; color:#242424; cursor:pointer; }
.pg-ribbon-button:hover { background:#f3f2f1; border-color:#e1dfdd; }
.pg-ribbon-button[aria-busy=true] { background:#e1dfdd; cursor:progress; }
.pg-ribbon-button[aria-pressed=true] { background:#e6f2ea; }
.pg-icon { width:28px; height:28px; display:block; background-repeat:no-repeat; background-position:center; }
.pg-icon-refresh { background-image:url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='%23185c37' d='M12 4a8 8 0 0 1 7.4 5H17v2h6V5h-2v2.3A10 10 0 0 0 2 12h2a8 8 0 0 1 8-8zm8 8a8 8 0 0 1-15.4 3H7v-2H1v6h2v-2.3A10 10 0 0 0 22 12z'/%3E%3C/svg%3E"); }
.pg-icon-undo { background-image:url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='%23424242' d='M8 5 2 10l6 5v-4h7a4 4 0 0 1 0 8h-3v2h3a6 6 0 0 0 0-12H8z'/%3E%3C/svg%3E"); }
.pg-icon-redo { background-image:url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='%23424242' d='m16 5 6 5-6 5v-4H9a4 4 0 0 0 0 8h3v2H9A6 6 0 0 1 9 9h7z'/%3E%3C/svg%3E"); }
.pg-icon-clear { background-image:url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='%23c50f1f' d='M15 3 21 9 11 19H5l-2-2 12-14zm-3 14 5-5-3-3-8 8 1 1z'/%3E%3C/svg%3E"); }
.pg-icon-table { background-image:url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='%234472c4' d='M3 4h18v16H3zm2 5v4h6V9zm8 0v4h6V9zm-8 6v3h6v-3zm8 0v3h6v-3z'/%3E%3C/svg%3E"); }
.pg-icon-calculate { background-image:url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='%23185c37' d='M5 2h14v20H5zm2 2v4h10V4zm0 6v2h2v-2zm4 0v2h2v-2zm4 0v2h2v-2zm-8 4v2h2v-2zm4 0v2h2v-2zm4 0v6h2v-6zm-8 4v2h2v-2zm4 0v2h2v-2z'/%3E%3C/svg%3E"); }
.pg-icon-pane { background-image:url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='%230f6cbd' d='M3 4h18v16H3zm2 2v12h9V6zm11 0v12h3V6z'/%3E%3C/svg%3E"); }
.pg-formula-bar { display:flex; align-items:center; gap:0; height:30px; padding:3px 8px; background:#fff; border-bottom:1px solid #e1dfdd; }
.pg-name-box { width:110px; height:22px; border:1px solid #c8c6c4; padding:0 6px; font:inherit; }
.pg-fx-sep { width:1px; height:20px; background:#e1dfdd; margin:0 8px; }
.pg-fx { font-style:italic; font-family:Cambria,Georgia,serif; color:#616161; margin-right:8px; }
.pg-formula-input { flex:1; height:22px; border:1px solid #c8c6c4; padding:0 6px; font-family:Consolas,"Courier New",monospace; font-size:13px; }
.pg-formula-input.pg-derived { color:#a19f9d; }
.pg-main { flex:1; display:flex; min-height:0; }
.pg-sheet { flex:1; display:flex; flex-direction:column; min-width:0; background:#fff; position:relative; }
.pg-hint { position:absolute; right:24px; bottom:48px; z-index:5; max-width:420px; padding:8px 12px; background:#fff;
  border:1px solid #c8c6c4; border-radius:4px; box-shadow:0 2px 8px rgba(0,0,0,.16); }
.pg-hint[hidden] { display:none; }
.pg-hint-title { margin:0 0 6px; font-weight:600; }
.pg-hint ul { margin:0 0 8px; padding:0; list-style:none; }
.pg-hint-formula { font-family:Consolas,"Courier New",monospace; font-size:12px; text-align:left; margin:2px 0; padding:3px 6px;
  background:#f3f2f1; border:1px solid #e1dfdd; border-radius:3px; cursor:pointer; }
.pg-hint-formula:hover { background:#e6f2ea; border-color:#185c37; }
.pg-hint button:focus-visible { outline:2px solid #185c37; outline-offset:1px; }
.pg-hint-dismiss { font:inherit; padding:2px 10px; background:#fff; border:1px solid #8a8886; border-radius:3px; cursor:pointer; }
.pg-grid { flex:1; position:relative; overflow:auto; outline:none; background:#fff; }
.pg-grid-layer { position:sticky; top:0; left:0; overflow:hidden; z-index:1; }
.pg-grid-spacer { pointer-events:none; }
.pg-cells { position:absolute; inset:0; }
.pg-row { display:contents; }
.pg-col-header, .pg-row-header, .pg-corner { pointer-events:none; }
.pg-cell { position:absolute; box-sizing:border-box; padding:0 4px; line-height:21px; white-space:nowrap; overflow:hidden;
  border-right:1px solid #e1e1e1; border-bottom:1px solid #e1e1e1; font-family:Calibri,Carlito,Aptos,Arial,"Liberation Sans",sans-serif; font-size:13px; }
.pg-overflow { z-index:1; background:#fff; text-overflow:clip; }
.pg-right { text-align:right; } .pg-center { text-align:center; } .pg-left { text-align:left; }
.pg-bold { font-weight:700; } .pg-italic { font-style:italic; }
.pg-flag::before { content:""; position:absolute; left:0; top:0; border-style:solid; border-width:6px 6px 0 0; border-color:#107c10 transparent transparent transparent; }
.pg-table-header { background:#4472c4; color:#fff; font-weight:700; border-color:#8ea9db; }
.pg-table-band { background:#d9e1f2; border-color:#b4c6e7; }
.pg-table-row { border-color:#b4c6e7; }
.pg-col-header, .pg-row-header { position:absolute; box-sizing:border-box; background:#f3f2f1; color:#616161; text-align:center;
  border-right:1px solid #d1d1d1; border-bottom:1px solid #d1d1d1; font-size:12px; line-height:23px; z-index:2; }
.pg-col-header { top:0; height:24px; }
.pg-row-header { left:0; width:56px; line-height:21px; }
.pg-header-on { background:#e1dfdd; color:#185c37; font-weight:600; }
.pg-col-header.pg-header-on { border-bottom:2px solid #185c37; }
.pg-row-header.pg-header-on { border-right:2px solid #185c37; }
.pg-corner { position:absolute; left:0; top:0; width:56px; height:24px; background:#f3f2f1; border-right:1px solid #d1d1d1; border-bottom:1px solid #d1d1d1; z-index:3; }
.pg-selection { position:absolute; box-sizing:border-box; border:2px solid #185c37; background:rgba(24,92,55,.06); pointer-events:none; }
.pg-spill-box { position:absolute; box-sizing:border-box; border:1px solid #4472c4; pointer-events:none; }
.pg-spill-box.pg-spill-blocked { border-style:dashed; }
.pg-copy-box { position:absolute; box-sizing:border-box; border:2px dashed #185c37; pointer-events:none; z-index:1; }
.pg-cell-editor { position:absolute; z-index:4; box-sizing:border-box; border:2px solid #185c37; padding:0 3px; font-family:Calibri,Carlito,Aptos,Arial,"Liberation Sans",sans-serif;
  font-size:14px; outline:none; background:#fff; }
.pg-tab-bar { display:flex; align-items:center; gap:4px; height:32px; padding:0 8px; background:#f3f2f1; border-top:1px solid #e1dfdd; }
.pg-tabs { display:flex; gap:2px; }
.pg-tab { font:inherit; padding:4px 14px; border:0; border-bottom:3px solid transparent; background:none; color:#424242; cursor:pointer; }
.pg-tab[aria-selected=true] { background:#fff; color:#185c37; font-weight:600; border-bottom-color:#185c37; }
.pg-tab-add { font:inherit; font-size:16px; width:28px; height:26px; border:0; background:none; cursor:pointer; color:#616161; }
.pg-tab-add:hover, .pg-tab:hover { background:#e1dfdd; }
.pg-pane { box-sizing:border-box; width:360px; min-width:320px; flex:none; display:flex; flex-direction:column; background:#fff; border-left:1px solid #d1d1d1; min-height:0; outline:none; }
.pg-pane[hidden], .pg-pane-resizer[hidden] { display:none; }
.pg-pane-resizer { flex:none; width:6px; margin-right:-3px; margin-left:-3px; cursor:col-resize; z-index:5; background:transparent; touch-action:none; }
.pg-pane-resizer:hover, .pg-pane-resizer:focus-visible { background:#c8c6c4; outline:none; }
.pg-pane-title { display:flex; align-items:center; height:32px; padding:0 12px; font-weight:600; border-bottom:1px solid #e1dfdd; background:#faf9f8; }
.pg-pane-root { flex:1; overflow:auto; }
.pg-status-bar { display:flex; gap:16px; height:24px; align-items:center; padding:0 12px; background:#f3f2f1; border-top:1px solid #e1dfdd; color:#424242; font-size:12px; }
.pg-status-cell { overflow:hidden; text-overflow:ellipsis; white-space:nowrap; min-width:0; }
.pg-status-cell:not(:empty)::before { content:""; display:inline-block; width:6px; height:6px; margin-right:6px; border-style:solid; border-width:6px 6px 0 0; border-color:#107c10 transparent transparent transparent; }
.pg-status-note { margin-left:auto; white-space:nowrap; overflow:hidden; text-overflow:ellipsis; min-width:0; }
.pg-status-error { color:#c50f1f; }
.pg-boot-error { margin:24px; padding:16px; border:1px solid #c50f1f; background:#fde7e9; color:#242424; white-space:pre-wrap; }
`;

/** Adds the stylesheet once. */
export function injectPlaygroundStyles(doc: Document): void {
  if (doc.getElementById("pg-styles")) return;
  const style = doc.createElement("style");
  style.id = "pg-styles";
  style.textContent = PLAYGROUND_CSS;
  doc.head.appendChild(style);
}
