import type { QueryDeclaration } from "../../functions";
import { Store } from "./store";

/**
 * The local service's demo saved queries (`src/service/demo/demo-queries.ts`, owned by its demo user; the pane may
 * not import the service, test/taskpane/demo-queries.test.ts holds the two together). Their names are read from the
 * service, never written here.
 */
export const DEMO_QUERY_IDS: readonly number[] = [1001, 1002, 1003, 1004, 1005, 1006];
export const DEMO_OWNER = "demo";

export interface DemoQuery {
  queryId: number;
  name: string;
}

export type DemoQueriesState = { phase: "none" } | { phase: "shown"; queries: DemoQuery[] };

/** Hosts of this machine: where `npm start` runs the local service. The real service is never there. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isOnThisMachine(baseUrl: string): boolean {
  try {
    return LOCAL_HOSTS.has(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

/** The demo queries among the declarations read, in id order: those the service describes as the demo user's. */
export function demoQueriesOf(declared: readonly (QueryDeclaration | undefined)[]): DemoQuery[] {
  return declared.flatMap((d, i) =>
    d?.known && d.query.owner === DEMO_OWNER ? [{ queryId: DEMO_QUERY_IDS[i]!, name: d.query.name }] : [],
  );
}

export interface DemoQueriesDeps {
  describe(queryId: number): Promise<QueryDeclaration>;
}

/**
 * The Query tab's list of the local service's demo queries. Shown only when the pane is signed in to a service on
 * this machine and that service describes them as the demo user's: against the real service these ids are other
 * people's queries, so nothing is asked and nothing shown (the History tab has the user's own runs).
 */
export class DemoQueriesController {
  readonly store = new Store<DemoQueriesState>({ phase: "none" });
  #asked = 0;
  #for = "";

  constructor(private readonly deps: DemoQueriesDeps) {}

  /** Called on each sign-in change: reads the list again when the key or the address changed. */
  async follow(signedIn: boolean, baseUrl: string, generation: number): Promise<void> {
    const target = signedIn ? `${generation} ${baseUrl}` : "";
    if (target === this.#for) return;
    this.#for = target;
    const asked = ++this.#asked;
    if (!signedIn || !isOnThisMachine(baseUrl)) {
      this.store.replace({ phase: "none" });
      return;
    }
    const declared = await Promise.all(DEMO_QUERY_IDS.map((id) => this.deps.describe(id).catch(() => undefined)));
    if (asked !== this.#asked) return;
    const queries = demoQueriesOf(declared);
    this.store.replace(queries.length > 0 ? { phase: "shown", queries } : { phase: "none" });
  }
}
