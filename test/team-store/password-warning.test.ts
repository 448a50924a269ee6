import { passwordWarning } from "../../src/team-store";

/** A password in a `--database` flag is visible in the process list: the command warns, naming the way around it. */
test.each<[string, string | undefined, boolean, boolean]>([
  ["a password in the flag's URL", "postgres://gateway:secret@db:5432/gateway", true, true],
  ["no password in the URL (PGPASSWORD or a password file)", "postgres://gateway@db:5432/gateway", true, false],
  ["the URL from the environment, not a flag", "postgres://gateway:secret@db:5432/gateway", false, false],
  ["no database", undefined, true, false],
])("%s: warned %p", (_name, database, fromFlag, warned) => {
  const warning = passwordWarning(database, fromFlag);
  expect(warning !== undefined).toBe(warned);
  if (warning !== undefined) {
    expect(warning).toMatch(/PGPASSWORD/);
    expect(warning).not.toContain("secret");
  }
});
