/** The one clock interface of the add-in and the service, and the system's. */
export { type Clock, systemClock } from "./clock";
