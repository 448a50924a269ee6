import { retiredEndpointsSuite } from "./support/retired-endpoints-suite";

/**
 * The curated endpoints gone and the parameter forms through the relay (the service grants the browser no CORS
 * origin, as the real one): the relay is how Excel reaches the real service, so nothing may work only direct.
 */
jest.setTimeout(180_000);

retiredEndpointsSuite({ relay: true });
