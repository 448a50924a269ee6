import { parseFirstScreen } from "./readme-first-screen";

/** The shape the README keeps (a small stand-in: the real README is read by test/e2e/readme-first-screen.test.ts). */
const FIXTURE = `# Service add-in for Excel

What it is, in two lines.

\`\`\`sh
npm install && npm start   # the service, the add-in and the playground
npm test
\`\`\`

## First three things to type

Open the playground at the address \`npm start\` prints, then type into A1:

\`\`\`
=SERVICE.DATASET("dex","ethereum")
=SERVICE.RESULTS(1001)
\`\`\`

## Using it in Excel

\`\`\`sh
npm run build
\`\`\`
`;

describe("reading the README's first screen", () => {
  it("gives the first block's commands (comments dropped) and the first line under First three things to type", () => {
    expect(parseFirstScreen(FIXTURE)).toEqual({
      commands: ["npm install && npm start", "npm test"],
      firstFormula: '=SERVICE.DATASET("dex","ethereum")',
    });
  });

  it("a README of another shape is an error that says what is missing", () => {
    expect(() => parseFirstScreen("# Title\n\nNo commands.\n")).toThrow(/no fenced block/);
    expect(() => parseFirstScreen("```js\nx\n```\n")).toThrow(/not a shell block/);
    expect(() => parseFirstScreen("```sh\nnpm start\n```\n")).toThrow(/no section "## First three things to type"/);
    expect(() =>
      parseFirstScreen("```sh\nnpm start\n```\n## First three things to type\n\n## Next\n```\n=A1\n```\n"),
    ).toThrow(/has no fenced block/);
    expect(() =>
      parseFirstScreen("```sh\nnpm start\n```\n## First three things to type\n```\nnpm start\n```\n"),
    ).toThrow(/not a formula/);
  });

  it("a fence of four backticks may hold three", () => {
    const text = "````sh\nnpm start\n```\nnot the end\n````\n## First three things to type\n```\n=1\n```\n";
    expect(parseFirstScreen(text).commands).toEqual(["npm start", "```", "not the end"]);
  });
});
