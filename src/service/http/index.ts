/** The service's HTTP layer: the fastify shell and the routes, over the domain services. */
export { buildApp } from "./build-app";
export { registerDatasetRoutes } from "./routes/dataset-routes";
export { registerExecutionRoutes } from "./routes/execution-routes";
export { registerQueryRoutes } from "./routes/query-routes";
export { registerUsageRoutes } from "./routes/usage-routes";
export { registerSqlRoutes } from "./routes/sql-routes";
export { registerUploadRoutes } from "./routes/upload-routes";
export { decoratePublicUrl } from "./public-url";
export { PageBodies } from "./page-bodies";
