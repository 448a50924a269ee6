/**
 * The playground page (webpack entry `playground`). One window, one JS realm: the shared runtime. Order matters
 * and mirrors Excel: the host (emulated Office, Excel, OfficeRuntime, CustomFunctions) exists before any add-in
 * code runs; then the add-in's own bundles load exactly as built for Excel (functions, commands, taskpane), the
 * functions registering with CustomFunctions.associate and the pane mounting itself into #app.
 */
import type { FunctionsMetadata } from "../custom-functions";
import { autoSignIn, forgetAutoSignIn } from "../host/auto-sign-in";
import { installHost } from "../host/install-host";
import { loadScripts } from "../host/load-scripts";
import { readConfig, type ServedConfig } from "../host/page-config";
import { forgetHintDismissal } from "../ui/first-formulas";
import { PlaygroundView } from "../ui/playground-view";
import { injectFileStyles } from "../ui/file-styles";
import { injectPlaygroundStyles } from "../ui/styles";
import { testApi, type PlaygroundTestApi } from "./test-api";

declare global {
  interface Window {
    PLAYGROUND_CONFIG?: ServedConfig;
    playground?: PlaygroundTestApi;
  }
}

/** The add-in bundles to load after the host, in order; written into the page by webpack.playground.js. */
function addinScripts(): string[] {
  const node = document.getElementById("pg-addin-scripts");
  return node?.textContent
    ? (JSON.parse(node.textContent) as string[])
    : ["functions.js", "commands.js", "taskpane.js"];
}

async function fetchMetadata(): Promise<FunctionsMetadata> {
  const response = await fetch("functions.json");
  if (!response.ok) throw new Error(`functions.json: HTTP ${response.status}`);
  return (await response.json()) as FunctionsMetadata;
}

async function boot(): Promise<void> {
  injectPlaygroundStyles(document);
  injectFileStyles(document);
  const config = readConfig(location.search, window.PLAYGROUND_CONFIG);
  if (config.reset) {
    forgetAutoSignIn(localStorage);
    forgetHintDismissal(localStorage);
  }
  const host = await installHost(config, await fetchMetadata());
  const view = new PlaygroundView(host);
  document.body.replaceChildren(view.element);
  try {
    await autoSignIn(host.session, config.autoSignInKey, localStorage);
  } catch (error) {
    view.status.say(`Automatic sign-in failed: ${(error as Error).message}`, true);
  }
  await loadScripts(addinScripts());
  // The workbook's opening calculation, once the add-in's functions are registered (see ExcelBehaviour).
  host.opened();
  window.playground = testApi(host, view);
  document.body.dataset.ready = "true";
  view.grid.element.focus(); // as Excel opens: typing goes into the active cell
  view.status.say(
    config.ignored.length > 0
      ? `Ignored URL parameters: ${config.ignored.join(", ")} (see the playground's README)`
      : `Service: ${config.serviceUrl}`,
    config.ignored.length > 0,
  );
}

boot().catch((error: unknown) => {
  const box = document.createElement("pre");
  box.className = "pg-boot-error";
  box.textContent = `The playground could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  document.body.append(box);
  document.body.dataset.ready = "error";
});
