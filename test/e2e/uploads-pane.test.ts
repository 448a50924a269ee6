import { uploadsSuite } from "./support/uploads-suite";

// A range uploaded, joined in SQL, previewed, inserted and re-run when confirmed, with the demo key (see the suite).
jest.setTimeout(180_000);

uploadsSuite({ gateway: false });
