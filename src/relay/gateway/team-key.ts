import { readFile } from "node:fs/promises";
import { inspect } from "node:util";
import { isPersonalToken } from "../../team-store";

/** A team key file the gateway cannot use; the message names the file, never what it holds. */
export class TeamKeyFileError extends Error {
  override readonly name = "TeamKeyFileError";
}

/**
 * The team's API key, as the gateway holds it: read once from its file and handed out only to be put in the header
 * of an upstream request. Printing it by mistake (a log line, an error, JSON) shows "[team key]", never the key.
 */
export class TeamKey {
  readonly #value: string;

  private constructor(value: string) {
    this.#value = value;
  }

  /** Reads the key from its file: one line (a final newline and surrounding spaces are dropped). */
  static async read(path: string): Promise<TeamKey> {
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new TeamKeyFileError(
        `The team key file ${path} cannot be read (${typeof code === "string" ? code : "error"}).`,
      );
    }
    return TeamKey.of(text, path);
  }

  /** The key from a file's text; `path` names it in errors. */
  static of(text: string, path: string): TeamKey {
    const key = text.trim();
    if (key === "") throw new TeamKeyFileError(`The team key file ${path} is empty: put the team's API key in it.`);
    if (!/^[\x21-\x7e]+$/.test(key)) {
      throw new TeamKeyFileError(
        `The team key file ${path} must hold the key alone on one line (printable characters, no spaces).`,
      );
    }
    if (isPersonalToken(key)) {
      throw new TeamKeyFileError(
        `The team key file ${path} holds a personal token (sgw_…): it must hold the team's API key for the service.`,
      );
    }
    return new TeamKey(key);
  }

  /** The key, for the one place it goes: the upstream request's key header. */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return "[team key]";
  }

  toJSON(): string {
    return "[team key]";
  }

  [inspect.custom](): string {
    return "[team key]";
  }
}
