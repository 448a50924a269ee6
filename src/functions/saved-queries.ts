import {
  type SavedQuery,
  type ServiceClient,
  isForbiddenError,
  isNotFoundError,
  isServiceError,
  shorten,
} from "../client";

/**
 * What the service says about a saved query's parameters: its declaration, or why there is none. `lacking` is a 403
 * or 404 from the queries endpoint (plans without it answer so, and so does a query this key may not see): the
 * caller then does without, by the parameters' names.
 */
export type QueryDeclaration = { known: true; query: SavedQuery } | { known: false; lacking: boolean; reason: string };

export interface SavedQueriesDeps {
  client(): ServiceClient;
  /** The session's generation: another key or service may see other queries, so each has its own answers. */
  generation(): number;
  /** The stored key being read: asking before it would say "not signed in" for nothing. */
  ready: Promise<unknown>;
}

/**
 * `client.query(id)` once per query id in the shared runtime, for SERVICE.QUERY cells and the pane's form alike.
 * Declarations and 403/404 answers are kept for the session's generation (asking again would get the same);
 * other failures (network, rate limit, not signed in) are not kept, so the next cell asks again.
 */
export class SavedQueries {
  readonly #deps: SavedQueriesDeps;
  readonly #answers = new Map<number, Promise<QueryDeclaration>>();
  #generation: number | undefined;

  constructor(deps: SavedQueriesDeps) {
    this.#deps = deps;
  }

  async declaration(queryId: number): Promise<QueryDeclaration> {
    // After the stored key is read: loading it starts the session's first generation.
    await this.#deps.ready;
    const generation = this.#deps.generation();
    if (generation !== this.#generation) {
      this.#answers.clear();
      this.#generation = generation;
    }
    let answer = this.#answers.get(queryId);
    if (answer === undefined) {
      answer = this.#ask(queryId);
      this.#answers.set(queryId, answer);
      void answer.then((a) => {
        if (!a.known && !a.lacking && this.#answers.get(queryId) === answer) this.#answers.delete(queryId);
      });
    }
    return answer;
  }

  async #ask(queryId: number): Promise<QueryDeclaration> {
    try {
      return { known: true, query: await this.#deps.client().query(queryId) };
    } catch (error) {
      const lacking = isForbiddenError(error) || isNotFoundError(error);
      const said = isServiceError(error) ? error.userMessage : "the request failed";
      return { known: false, lacking, reason: shorten(said, 160) };
    }
  }
}
