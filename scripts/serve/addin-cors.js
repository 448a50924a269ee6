// @ts-check
/**
 * The CORS headers dist/ must be served with, by `npm start` (scripts/serve/addin-server.ts) and by the webpack dev
 * server alike. Excel on the web reads the custom functions' metadata (functions.json) from its own origin
 * (excel.officeapps.live.com, excel.cloud.microsoft, …): without `Access-Control-Allow-Origin` the browser blocks the
 * read and no function is registered (office-js#3970; Microsoft's "Publish an add-in" page: "enable CORS so that
 * Office can access the functions.json file"). Microsoft publishes no list of the origins Excel uses, and they change
 * (office-js-docs-pr#2956), so any origin is allowed: dist/ holds nothing secret. GET and HEAD are all it serves.
 */
const ADDIN_CORS_HEADERS = Object.freeze({
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
});

module.exports = { ADDIN_CORS_HEADERS };
