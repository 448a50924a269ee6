import { ServiceClient, type SavedQuery } from "../../src/client";
import { SavedQueries, type QueryDeclaration } from "../../src/functions";
import { DEMO_QUERIES } from "../../src/service";
import {
  DEMO_OWNER,
  DEMO_QUERY_IDS,
  DemoQueriesController,
  demoQueriesOf,
  isOnThisMachine,
} from "../../src/taskpane/logic/demo-queries";
import { startTestService } from "../support/service";

const LOCAL = "http://127.0.0.1:8787";

function query(id: number, name: string, owner?: string): QueryDeclaration {
  const q: SavedQuery = {
    query_id: id,
    name,
    description: "",
    is_private: false,
    is_archived: false,
    tags: [],
    parameters: [],
  };
  return { known: true, query: owner === undefined ? q : { ...q, owner } };
}

/** A service answering the demo ids with the declarations given (by id), and recording what was asked. */
function fakeService(answers: Record<number, QueryDeclaration>) {
  const asked: number[] = [];
  const describe = (id: number): Promise<QueryDeclaration> => {
    asked.push(id);
    const answer = answers[id];
    return answer ? Promise.resolve(answer) : Promise.reject(new Error("no such query"));
  };
  return { asked, describe };
}

describe("the demo queries the Query tab lists", () => {
  it("are the demo user's queries the service describes, in id order, named as the service names them", async () => {
    const { describe } = fakeService({
      1001: query(1001, "Prices", DEMO_OWNER),
      1002: { known: false, lacking: true, reason: "not visible" },
      1003: query(1003, "Someone else's", "alice"),
      1005: query(1005, "Fails", DEMO_OWNER),
    });
    const demo = new DemoQueriesController({ describe });
    await demo.follow(true, LOCAL, 1);
    expect(demo.store.state).toEqual({
      phase: "shown",
      queries: [
        { queryId: 1001, name: "Prices" },
        { queryId: 1005, name: "Fails" },
      ],
    });
  });

  it("asks nothing and shows nothing away from this machine (the real service: these ids are others' queries)", async () => {
    const service = fakeService({ 1001: query(1001, "Prices", DEMO_OWNER) });
    const demo = new DemoQueriesController(service);
    await demo.follow(true, "https://api.example.com", 1);
    expect(demo.store.state).toEqual({ phase: "none" });
    expect(service.asked).toEqual([]);
    expect(isOnThisMachine("http://localhost:3000/api")).toBe(true);
    expect(isOnThisMachine("http://[::1]:8787")).toBe(true);
    expect(isOnThisMachine("https://127.0.0.1.example.com")).toBe(false);
  });

  it("signed out: nothing; the same key and address are not asked twice; a new key asks again", async () => {
    const service = fakeService({ 1001: query(1001, "Prices", DEMO_OWNER) });
    const demo = new DemoQueriesController(service);
    await demo.follow(false, LOCAL, 1);
    expect(service.asked).toEqual([]);
    await demo.follow(true, LOCAL, 2);
    await demo.follow(true, LOCAL, 2);
    expect(service.asked).toEqual(DEMO_QUERY_IDS);
    expect(demo.store.state.phase).toBe("shown");
    await demo.follow(false, LOCAL, 2);
    expect(demo.store.state).toEqual({ phase: "none" });
    await demo.follow(true, LOCAL, 3);
    expect(service.asked).toEqual([...DEMO_QUERY_IDS, ...DEMO_QUERY_IDS]);
  });

  it("an answer for a sign-in no longer current is dropped", async () => {
    let release: (d: QueryDeclaration) => void = () => undefined;
    const slow = new Promise<QueryDeclaration>((resolve) => (release = resolve));
    const demo = new DemoQueriesController({ describe: () => slow });
    const first = demo.follow(true, LOCAL, 1);
    await demo.follow(true, "https://api.example.com", 2);
    release(query(1001, "Prices", DEMO_OWNER));
    await first;
    expect(demo.store.state).toEqual({ phase: "none" });
  });

  it("are the local service's demo queries, owned by its demo user (the pane cannot import the service)", () => {
    for (const id of DEMO_QUERY_IDS) {
      const q = DEMO_QUERIES.find((d) => d.query_id === id);
      expect(q?.owner).toBe(DEMO_OWNER);
    }
  });

  it("the real local service describes all six to the demo key, with their names", async () => {
    const service = await startTestService();
    try {
      const queries = new SavedQueries({
        client: () => new ServiceClient({ apiKey: service.apiKey, baseUrl: service.url }),
        generation: () => 1,
        ready: Promise.resolve(),
      });
      const declared = await Promise.all(DEMO_QUERY_IDS.map((id) => queries.declaration(id)));
      expect(demoQueriesOf(declared)).toEqual(
        DEMO_QUERY_IDS.map((id) => ({ queryId: id, name: DEMO_QUERIES.find((d) => d.query_id === id)!.name })),
      );
    } finally {
      await service.close();
    }
  });
});
