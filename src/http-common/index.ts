/**
 * The HTTP conventions both servers of the API keep alike (the local service and the relay): how bodies are
 * compressed, what CORS allows, and how a request the HTTP parser refused is answered.
 */
export {
  COMPRESSION_PLUGIN_OPTIONS,
  COMPRESS_THRESHOLD,
  BROTLI_QUALITY,
  GZIP_LEVEL,
  chooseEncoding,
  compressingStream,
  type Encoding,
} from "./compression";
export { sendEncoded, varyOn, type EncodedBody } from "./encoded-body";
export { apiCorsOptions } from "./cors-rules";
export { clientErrorHandler, type ClientErrorAnswer } from "./client-errors";
export { NO_SNIFF, noSniffOnErrors } from "./no-sniff";
