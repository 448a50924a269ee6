import type { FastifyInstance, FastifyRequest } from "fastify";
import type { BudgetUse, Person } from "../../team-store";
import { callerKey } from "../caller-key";
import { parseQuery } from "../request-target";
import { registerAdminRoute } from "./admin-route";
import type { Gateway } from "./gateway";
import { gatewayRefusals } from "./gateway-refusals";
import { usageCsv, usageJson } from "./usage-formats";
import { USAGE_PAGE_CSP, usagePage } from "./usage-page";

export const ME_PATH = "/gateway/me";
export const USAGE_PATH = "/admin/usage";

const useOf = (use: BudgetUse) => ({
  limit: use.limit,
  spent: use.spent,
  reserved: use.reserved,
  left: use.left,
  resets_at: new Date(use.resetsAt).toISOString(),
});

/**
 * The gateway's own routes: `GET /gateway/me` (who the personal token is, their budgets and the team's, what is
 * left: the pane shows it, and its answering is how the pane knows the address is a gateway), and `GET
 * /admin/usage` for admins (an HTML page, or `?format=csv|json`).
 */
export function registerGatewayRoutes(app: FastifyInstance, gateway: Gateway): void {
  registerAdminRoute(app, gateway);
  app.get(ME_PATH, { exposeHeadRoute: false }, async (request, reply) => {
    const person = await gateway.person(callerKey(request.raw.rawHeaders, parseQuery(request.raw.url ?? "").apiKey));
    request.relayCaller = { person: person.name };
    const status = await gateway.budgets(person);
    void reply.header("Cache-Control", "no-store");
    const { plan, limits } = gateway.config;
    return {
      name: person.name,
      admin: person.admin,
      budgets: {
        person: { day: useOf(status.person.day), month: useOf(status.person.month) },
        team: { day: useOf(status.team.day), month: useOf(status.team.month) },
      },
      time_zone: status.timeZone,
      plan: { name: plan.plan, credits_per_mb: plan.creditsPerMb },
      pace: { reads_per_minute: limits.read, writes_per_minute: limits.write },
    };
  });

  app.get(USAGE_PATH, { exposeHeadRoute: false }, async (request, reply) => {
    const query = parseQuery(request.raw.url ?? "");
    const admin = await adminOf(gateway, request, query.apiKey);
    request.relayCaller = { person: admin.name };
    const params = new Map(query.params);
    const report = await gateway.report(params);
    void reply.headers({
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    });
    const format = params.get("format") ?? "html";
    if (format === "json") return usageJson(report);
    if (format === "csv") {
      return reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="gateway-usage-${report.from}-to-${report.to}.csv"`)
        .send(usageCsv(report));
    }
    if (format !== "html")
      throw gatewayRefusals.badRange(`format must be html, csv or json, got "${format.slice(0, 20)}"`);
    return reply
      .type("text/html; charset=utf-8")
      .header("Content-Security-Policy", USAGE_PAGE_CSP)
      .send(usagePage(report, gateway.config.plan, USAGE_PATH));
  });
}

/**
 * The admin behind a usage request: an admin's personal token in the key header, as a bearer token, or as the
 * password of HTTP Basic authentication (what a browser asks for when the page answers 401; any user name).
 */
async function adminOf(gateway: Gateway, request: FastifyRequest, fromQuery: string | undefined): Promise<Person> {
  let credential = callerKey(request.raw.rawHeaders, fromQuery);
  const authorization = request.headers.authorization;
  if (credential === undefined && typeof authorization === "string") {
    const [scheme, value = ""] = authorization.trim().split(/\s+/, 2);
    if (/^bearer$/i.test(scheme ?? "")) credential = value;
    if (/^basic$/i.test(scheme ?? "")) {
      const decoded = Buffer.from(value, "base64").toString("utf8");
      credential = decoded.slice(decoded.indexOf(":") + 1);
    }
  }
  let person: Person;
  try {
    person = await gateway.person(credential);
  } catch (error) {
    if ((error as { status?: number }).status === 401) throw gatewayRefusals.adminSignIn();
    throw error;
  }
  if (!person.admin) throw gatewayRefusals.adminOnly();
  return person;
}
