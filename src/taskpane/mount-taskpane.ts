import { recordAutomaticRuns } from "./logic/automatic-history";
import type { PaneDeps } from "./logic/deps";
import { DatasetPickerController } from "./logic/dataset-picker";
import { HistoryController } from "./logic/history-controller";
import { HistoryStore } from "./logic/history-store";
import { DEFAULT_INSERT_OPTIONS, InsertController, type InsertOptions } from "./logic/insert-controller";
import { RefreshController } from "./logic/refresh-controller";
import { planLines, planQuestion } from "./logic/refresh-plan";
import { BillingController } from "./logic/billing-controller";
import { billingView } from "./view/billing-view";
import { formatCredits } from "../billing";
import { insertCostText } from "./logic/insert-controller";
import { onRibbonRefreshRequest } from "./logic/ribbon-refresh";
import { RunController } from "./logic/run-controller";
import { SignInController } from "./logic/sign-in-controller";
import { SqlRunController } from "./logic/sql/sql-run";
import { sqlView } from "./view/sql-view";
import { readSelection } from "./logic/upload/selection-read";
import { UploadFormController } from "./logic/upload/upload-form";
import { UploadsListController } from "./logic/upload/uploads-list";
import { uploadView } from "./view/upload-view";
import { uploadsListView } from "./view/uploads-list-view";
import { ReportController } from "./logic/report-controller";
import { SnapshotController } from "./logic/snapshot-controller";
import { QueryFormController } from "./logic/query-form";
import { DemoQueriesController } from "./logic/demo-queries";
import { demoQueriesView } from "./view/demo-queries-view";
import { type QueryDeclaration, SavedQueries } from "../functions";
import { reportUnexpected } from "../session";
import { UsageController } from "./logic/usage-controller";
import { accountView, signInBadge } from "./view/account-view";
import { activityView } from "./view/activity-view";
import { confirmInline } from "./view/confirm";
import { datasetView } from "./view/dataset-view";
import { h } from "./view/dom";
import { historyView } from "./view/history-view";
import { notLoadedView } from "./view/not-loaded-view";
import { fileShownView } from "./view/file-shown-view";
import { queryView } from "./view/query-view";
import { refreshView } from "./view/refresh-view";
import { reportView } from "./view/report-view";
import { snapshotView } from "./view/snapshot-view";
import { injectStyles } from "./view/styles";
import { tabs } from "./view/tabs";
import { usageView } from "./view/usage-view";

/** The pane's controllers, for the playground and tests that drive a mounted pane. */
export interface PaneControllers {
  signIn: SignInController;
  run: RunController;
  insert: InsertController;
  datasets: DatasetPickerController;
  refresh: RefreshController;
  history: HistoryController;
  usage: UsageController;
  report: ReportController;
  snapshot: SnapshotController;
  form: QueryFormController;
  demoQueries: DemoQueriesController;
  billing: BillingController;
  sql: SqlRunController;
  uploadForm: UploadFormController;
  uploads: UploadsListController;
}

export interface MountedPane {
  controllers: PaneControllers;
  /** Resolves once the stored key was loaded (and checked) and the history read. */
  ready: Promise<void>;
  unmount(): void;
}

/** The pane's own answers about saved queries, where the functions' shared ones are not there (tests, tools). */
function ownDeclarations(deps: PaneDeps): (queryId: number) => Promise<QueryDeclaration> {
  const queries = new SavedQueries({
    client: () => deps.session.client(),
    generation: () => deps.session.generation,
    ready: (deps.ready ?? Promise.resolve()).catch(() => undefined),
  });
  return (queryId) => queries.declaration(queryId);
}

/**
 * Builds the pane inside `root` (the add-in's #app, or a div of the playground's page): it adds one scoped
 * stylesheet to the document and otherwise touches nothing outside `root`. Office is reached only via `deps`.
 */
export function mountTaskpane(root: HTMLElement, deps: PaneDeps): MountedPane {
  const doc = root.ownerDocument;
  injectStyles(doc);
  const historyStore = new HistoryStore(deps.historyItem);
  const insertOptions: InsertOptions = { ...DEFAULT_INSERT_OPTIONS };
  const confirmHost = h(doc, "div", {});
  const run = new RunController(deps, historyStore);
  // The report runs through the pane's run controller: the same history, usage and progress as any run.
  const report = new ReportController(deps, run);
  const describe = deps.describeQuery ?? ownDeclarations(deps);
  const c: PaneControllers = {
    signIn: new SignInController(deps),
    run,
    insert: new InsertController(deps, (cost) =>
      confirmInline(confirmHost, `${insertCostText(cost)} Insert the rest?`, `Insert (${formatCredits(cost.credits)})`),
    ),
    datasets: new DatasetPickerController(deps),
    refresh: new RefreshController(
      deps,
      (plan) =>
        confirmInline(
          confirmHost,
          planQuestion(plan),
          `Refresh (${formatCredits(plan.total)})`,
          "Cancel",
          planLines(plan),
        ),
      report,
    ),
    history: new HistoryController(deps, historyStore),
    usage: new UsageController(deps),
    report,
    snapshot: new SnapshotController(deps),
    form: new QueryFormController(describe),
    demoQueries: new DemoQueriesController({ describe }),
    billing: new BillingController(deps),
    sql: new SqlRunController(deps, historyStore),
    uploadForm: new UploadFormController({
      session: deps.session,
      settings: deps.settings,
      clock: deps.clock,
      readSelection: () => readSelection(deps.run),
    }),
    uploads: new UploadsListController(deps),
  };
  // The form fills a table the user has (Replace, Append) and takes its namespace from the list.
  c.uploads.store.subscribe((s) => c.uploadForm.setTables(s.tables));
  const stopUsage = c.usage.start();
  // The ribbon's Refresh All: the same priced confirmation as the pane's button (latest results, no re-runs).
  const stopRibbon = onRibbonRefreshRequest(() => {
    void c.refresh.refresh("latest").catch(reportUnexpected("the ribbon's Refresh All"));
  });
  const stopReport = c.report.start();
  const stopDemoQueries = c.signIn.store.subscribe((s) => {
    void c.demoQueries
      .follow(s.signedIn, s.baseUrl, deps.session.generation)
      .catch(reportUnexpected("reading the demo queries"));
  });
  const stopAutomaticHistory = recordAutomaticRuns(
    deps.queryReport,
    historyStore,
    () => deps.session.baseUrl,
    (queryId, performance) => deps.session.estimateExecution(queryId, performance),
  );

  const query = queryView(doc, c.run, c.insert, insertOptions, c.form);
  const notLoaded = deps.notLoaded ? notLoadedView(doc, deps.notLoaded) : undefined;
  const fileShown = deps.fileShown ? fileShownView(doc, deps.fileShown) : undefined;
  const sql = sqlView(doc, {
    sql: c.sql,
    insert: c.insert,
    options: insertOptions,
    history: c.history,
    uploads: async () => (await deps.session.client().listUploads()).tables,
  });
  const historyPanel = h(doc, "div", {}, usageView(doc, c.usage));
  const items = [
    {
      label: "Query",
      panel: h(
        doc,
        "div",
        {},
        query.element,
        demoQueriesView(doc, c.demoQueries, (id) => query.open(id)),
      ),
    },
    { label: "Datasets", panel: h(doc, "div", {}, datasetView(doc, c.datasets, c.insert, insertOptions)) },
    { label: "History", panel: historyPanel },
    { label: "Account", panel: h(doc, "div", {}, accountView(doc, c.signIn), billingView(doc, c.billing)) },
    { label: "Report", panel: h(doc, "div", {}, reportView(doc, c.report), snapshotView(doc, c.snapshot)) },
    {
      label: "SQL",
      panel: h(doc, "div", {}, sql.element),
      onShow: () => sql.show(),
    },
    {
      label: "Tables",
      panel: h(
        doc,
        "div",
        {},
        uploadView(doc, c.uploadForm, async () => {
          await c.uploads.load();
        }),
        uploadsListView(doc, c.uploads, {
          useInSql: (name) => {
            panels.select(SQL_TAB);
            sql.useName(name);
          },
          confirm: (question) => confirmInline(confirmHost, question, "Delete", "Keep it"),
        }),
      ),
      onShow: () => {
        if (deps.session.signedIn) void c.uploads.load();
      },
    },
  ];
  const SQL_TAB = items.findIndex((i) => i.label === "SQL");
  const panels = tabs(doc, "Service", items);
  historyPanel.appendChild(
    historyView(doc, c.history, c.insert, insertOptions, {
      runAgain: (e) => {
        panels.select(0, true);
        query.fill(e.queryId, e.parameters, e.performance);
      },
    }),
  );

  const pane = h(
    doc,
    "div",
    { class: "svc-pane" },
    h(
      doc,
      "header",
      {},
      h(doc, "h1", {}, "Service"),
      signInBadge(doc, c.signIn),
      refreshView(doc, c.refresh, c.insert, c.report),
      confirmHost,
      notLoaded?.element,
      fileShown?.element,
    ),
    panels.list,
    ...items.map((item) => item.panel),
    activityView(doc, c.insert, c.refresh),
  );
  root.appendChild(pane);
  // Until signed in the Account tab is where to start.
  const ready = (async () => {
    await Promise.all([c.signIn.start().catch(() => undefined), c.history.load().catch(() => undefined)]);
    if (!c.signIn.store.state.signedIn) panels.select(3);
  })();

  return {
    controllers: c,
    ready,
    unmount: () => {
      stopUsage();
      stopRibbon();
      stopReport();
      stopDemoQueries();
      stopAutomaticHistory();
      notLoaded?.dispose();
      fileShown?.dispose();
      c.signIn.dispose();
      c.history.dispose();
      c.run.cancel();
      c.sql.cancel();
      c.insert.cancel();
      c.refresh.cancel();
      pane.remove();
    },
  };
}
