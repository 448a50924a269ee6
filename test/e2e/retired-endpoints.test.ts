import { retiredEndpointsSuite } from "./support/retired-endpoints-suite";

/** The curated endpoints gone and the parameter forms, straight to the local service. */
jest.setTimeout(180_000);

retiredEndpointsSuite({ relay: false });
