import { parseFlags, wholeNumber } from "../../src/cli";
import { CommandLineError, usage } from "../../src/cli/flags";

const SPEC = {
  port: { value: "N", env: "T_PORT", help: "port to listen on" },
  "data-dir": { value: "DIR", env: "T_DATA", help: "where data goes" },
  quick: { help: "fewer repetitions" },
} as const;

describe("parseFlags (util.parseArgs with environment fallbacks)", () => {
  test.each([
    [["--port", "8080"], {}, { port: "8080" }],
    [["--port=8080", "--quick"], {}, { port: "8080", quick: true }],
    [[], { T_PORT: "9000", T_DATA: "/d" }, { port: "9000", "data-dir": "/d" }],
    [["--port", "1"], { T_PORT: "9000" }, { port: "1" }],
    [[], { T_PORT: "" }, {}],
  ] as const)("%j with env %j gives %j", (argv, env, expected) => {
    expect(parseFlags("cmd", SPEC, argv, env)).toEqual(expected);
  });

  test.each([
    [["--nope"], /Unknown option '--nope'/],
    [["--port"], /--port <value>' argument missing/],
    [["stray"], /Unexpected argument 'stray'/],
    [["--quick=yes"], /'--quick' does not take an argument/],
  ] as const)("%j is a usage error with the usage text", (argv, message) => {
    let thrown: unknown;
    try {
      parseFlags("cmd", SPEC, argv, {});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CommandLineError);
    expect((thrown as Error).message).toMatch(message);
    expect((thrown as Error).message).toContain("Usage: cmd");
  });

  test("--help throws the usage, each flag with its variable", () => {
    expect(() => parseFlags("cmd", SPEC, ["--help"], {})).toThrow(/--data-dir DIR\s+T_DATA\s+where data goes/);
  });

  test("usage lines up flags, variables and help", () => {
    expect(usage("cmd", SPEC).split("\n")).toEqual([
      "Usage: cmd   (each flag also reads the environment variable shown)",
      "  --port N        T_PORT  port to listen on",
      "  --data-dir DIR  T_DATA  where data goes",
      "  --quick                 fewer repetitions",
    ]);
  });

  test("wholeNumber names the flag and the range", () => {
    expect(wholeNumber("port", "65535", 65535)).toBe(65535);
    expect(() => wholeNumber("port", "65536", 65535)).toThrow(
      '--port must be a whole number from 0 to 65535, got "65536"',
    );
    expect(() => wholeNumber("reps", "0", 50, 1)).toThrow(/from 1 to 50/);
    expect(() => wholeNumber("port", "1e3", 65535)).toThrow(/whole number/);
  });
});
