/** Styles of the File tab, the Options panel, the sheet tab menu and the saving state (added beside the main sheet). */
export const FILE_CSS = `
.pg-autosave { display:inline-flex; align-items:center; gap:6px; font:inherit; font-size:12px; color:#fff; background:none; border:0; cursor:pointer; }
.pg-autosave .pg-switch { width:28px; height:14px; border-radius:7px; border:1px solid #fff; position:relative; }
.pg-autosave .pg-switch::after { content:""; position:absolute; top:2px; left:2px; width:10px; height:10px; border-radius:5px; background:#fff; }
.pg-autosave[aria-checked=true] .pg-switch { background:#fff; }
.pg-autosave[aria-checked=true] .pg-switch::after { left:16px; background:#185c37; }
.pg-backstage { position:fixed; inset:0; z-index:20; display:flex; background:#fff; }
.pg-backstage[hidden] { display:none; }
.pg-backstage-nav { width:200px; background:#185c37; color:#fff; display:flex; flex-direction:column; padding:12px 0; }
.pg-backstage-nav button { font:inherit; text-align:left; padding:10px 20px; background:none; border:0; color:#fff; cursor:pointer; }
.pg-backstage-nav button:hover, .pg-backstage-nav button[aria-current=true] { background:#0e4727; }
.pg-backstage-nav button:disabled { opacity:.6; cursor:default; }
.pg-backstage-body { flex:1; padding:24px 32px; overflow:auto; }
.pg-backstage-body h2 { font-weight:400; font-size:24px; margin:0 0 16px; }
.pg-backstage-body p { max-width:760px; line-height:1.5; }
.pg-option { display:grid; grid-template-columns:320px 1fr; gap:8px 16px; align-items:start; max-width:1000px; margin-bottom:14px; }
.pg-option select { font:inherit; }
.pg-option small { grid-column:2; color:#616161; }
.pg-status-file { color:#424242; }
.pg-loading::after { content:""; position:absolute; left:1px; top:1px; width:7px; height:7px; border-radius:50%;
  border:2px solid #107c10; border-right-color:transparent; box-sizing:border-box; }
.pg-tab-rename { font:inherit; width:120px; padding:3px 6px; }
.pg-menu { position:fixed; z-index:30; background:#fff; border:1px solid #c8c6c4; box-shadow:0 4px 12px rgba(0,0,0,.15); padding:4px 0; min-width:140px; }
.pg-menu button { display:block; width:100%; text-align:left; font:inherit; padding:6px 16px; background:none; border:0; cursor:pointer; }
.pg-menu button:hover, .pg-menu button:focus { background:#f3f2f1; outline:none; }
.pg-menu button:disabled { color:#a19f9d; cursor:default; }
.pg-value-preview { position:absolute; z-index:5; padding:2px 8px; background:#fffbe6; border:1px solid #c8c6c4; font-size:12px;
  white-space:nowrap; pointer-events:none; }
`;

export function injectFileStyles(doc: Document): void {
  if (doc.getElementById("pg-file-styles")) return;
  const style = doc.createElement("style");
  style.id = "pg-file-styles";
  style.textContent = FILE_CSS;
  doc.head.appendChild(style);
}
