// Imported by every entry point before anything that loads http, fastify, graphql or pg: with an OTLP
// endpoint configured, OpenTelemetry's instrumentations must be in place before those modules load.
import { startTracing } from "@pap/core/tracing";

startTracing();
