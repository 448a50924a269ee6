import { uploadsSuite } from "./support/uploads-suite";

// The same through the team gateway, signed in with a person's token: the gateway forwards the uploads and the SQL
// run, and the person's budget pays for them.
jest.setTimeout(180_000);

uploadsSuite({ gateway: true });
