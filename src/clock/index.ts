/** The one clock interface of the add-in and the service, and the system's; and how long work gives the page a turn. */
export { type Clock, systemClock } from "./clock";
export { yieldToPage } from "./yield-to-page";
