import type { z } from "zod";
import {
  certificateFile,
  choice,
  commaList,
  countyTableFile,
  decimal,
  durationList,
  encryptionKeys,
  isoDateList,
  port,
  secret,
  text,
  timeZone,
  trueFalse,
  trustedDocumentsFiles,
  trustedProxies,
  url,
  verbatim,
  wholeNumber,
} from "./kinds";

/**
 * Every environment variable the platform reads, declared once: its kind (parsed with zod from the
 * raw text), its default, what it means, and what a production start asks of it. The launcher checks
 * an environment against these before it starts anything (`configurationVerdict`), packages read
 * their settings through them (`readSetting`), and `.env.example` and the configuration tables of
 * docs/operations.md are generated from them (`npm run config:docs`). Variables only the tests and benchmarks
 * read (`TEST_PG_ADMIN_URL`, `UPDATE_GOLDEN`, `BENCH_*`) are not the platform's and are not here.
 */
export type SettingDeclaration<T = unknown> = {
  group: SettingGroup;
  value: z.ZodType<T>;
  /** The default as the documentation states it (Markdown). */
  default: string;
  /** What it means (Markdown). */
  meaning: string;
  /** What `NODE_ENV=production` asks of it, enforced by the launcher's refusals (`production.ts`). */
  production?: string;
  /** A value for `.env.example` where the default shows nothing to fill in. */
  example?: string;
  /** Set by the launcher for the processes it starts, or by Node or a library: not an operator's setting. */
  internal?: true;
};

export const settingGroups = [
  "Deployment",
  "Database",
  "Authentication",
  "Persons and intake",
  "Scheduling",
  "Eligibility adapter",
  "Data exchange",
  "Reference services",
  "Documents",
  "Notices",
  "Limits",
  "Event overlays",
  "Logs, metrics and tracing",
  "Set by the launcher",
] as const;
export type SettingGroup = (typeof settingGroups)[number];

/**
 * What `npm start` and the tests run with when PERSON_MATCH_KEY is unset. It is public, so keys made
 * with it protect nothing: a production start refuses it.
 */
export const DEVELOPMENT_PERSON_MATCH_KEY = "pap-development-person-match-key (set PERSON_MATCH_KEY outside development)";

export const DEFAULT_AUDIENCE = "public-assistance-platform";

const declare = <T>(declaration: SettingDeclaration<T>) => declaration;

export const settingDeclarations = {
  // Deployment
  NODE_ENV: declare({
    group: "Deployment",
    value: text(),
    default: "unset",
    meaning:
      "`production` makes the launcher refuse an unsafe or incomplete configuration (see [What production requires](#what-production-requires)), and turns rate limits on and GraphQL introspection off",
    example: "production",
  }),
  PLATFORM_MODE: declare({
    group: "Deployment",
    value: choice(["single", "distributed", "cluster"], "single"),
    default: "`single`",
    meaning: "`single`, `distributed` or `cluster` (same as `--mode=`)",
  }),
  PORT: declare({
    group: "Deployment",
    value: port(4000),
    default: "`4000`",
    meaning: "Where to listen (distributed mode: the gateway; its other processes take the ports above it)",
  }),
  HOST: declare({ group: "Deployment", value: text("127.0.0.1"), default: "`127.0.0.1`", meaning: "The address to listen on" }),
  PUBLIC_BASE_URL: declare({
    group: "Deployment",
    value: url(),
    default: "`http://HOST:PORT` (distributed: the REST process's address)",
    meaning: "Where clients reach the platform, for absolute links (a search result's `url`); set it behind a proxy",
    example: "https://benefits.example.gov",
  }),
  PLATFORM_TIME_ZONE: declare({
    group: "Deployment",
    value: timeZone("UTC"),
    default: "`UTC`",
    meaning:
      "The IANA time zone the program's offices keep (`America/Chicago`): business days, SLA deadlines and timers are counted in its local days, and the eligibility adapter's evaluation date is its local date (docs/events.md, The platform's calendar)",
    production: "set (even to `UTC`): the default would put every deadline hours away from the offices' own day",
    example: "America/New_York",
  }),
  PLATFORM_CLOSURE_DAYS: declare({
    group: "Deployment",
    value: isoDateList(),
    default: "none",
    meaning:
      "The deployment's own closure days beside weekends and US federal holidays (those on their observed dates), as dates `YYYY-MM-DD` separated by commas (a state holiday, a storm closure): no business time passes on them",
    example: "2026-11-27,2026-12-24",
  }),
  REQUIRE_IF_MATCH: declare({
    group: "Deployment",
    value: trueFalse(false),
    default: "`false`",
    meaning:
      "`true`: a REST change of an existing record (PATCH, PUT, DELETE, an action) without `If-Match` is 428 `PRECONDITION_REQUIRED`; with it or not, an `If-Match` the record no longer matches is 412",
  }),
  IDEMPOTENCY_KEY_TTL_HOURS: declare({
    group: "Deployment",
    value: wholeNumber(24),
    default: "`24`",
    meaning: "How long the answer to a POST sent with an `Idempotency-Key` is kept for its retries; after that the key may be used afresh",
  }),
  TRUST_PROXY: declare({
    group: "Deployment",
    value: trustedProxies(),
    default: "unset: no proxy is trusted, the client is the socket's peer",
    meaning:
      "The proxies in front of the platform whose `X-Forwarded-For` names the client: their addresses or CIDR ranges (`10.0.0.0/8,127.0.0.1`, or `loopback`), or `true` for any peer (then any client can name any address). The client's address keys the per-caller limits of requests without a verified credential",
    production: "not `true`: name the proxies",
    example: "127.0.0.1",
  }),
  NODE_EXTRA_CA_CERTS: declare({
    group: "Deployment",
    value: certificateFile(),
    default: "unset: Node's own CAs only",
    meaning:
      "Node's own: a PEM file of further CAs every process trusts when it calls over `https://` (a subgraph, the gateway, an identity provider, an outside agency), read once at start; for a self-signed certificate, the certificate itself. A file that cannot be read or holds no certificate stops the start (see [TLS between the processes](#tls-between-the-processes))",
  }),
  CORS_ORIGINS: declare({
    group: "Deployment",
    value: commaList(),
    default: "none: browser apps on other origins are refused",
    meaning:
      "The origins (`https://caseworker.example.gov`) whose browser apps may call the REST surface and the graph (CORS); `*` for any origin",
    production: "not `*`",
    example: "https://caseworker.example.gov",
  }),
  CLUSTER_WORKERS: declare({ group: "Deployment", value: wholeNumber(), default: "number of cores", meaning: "Workers in cluster mode" }),
  GATEWAY_WORKERS: declare({
    group: "Deployment",
    value: wholeNumber(1),
    default: "`1`",
    meaning:
      "Distributed mode: copies of the gateway sharing its port (node:cluster), replaced when one dies; the launcher counts the gateway started once every copy listens (its port answers as soon as the first does); more helps only with cores to spare beyond the subgraphs'",
  }),
  SUBGRAPH_MERGE_IN_FLIGHT: declare({
    group: "Deployment",
    value: trueFalse(true),
    default: "`true`",
    meaning: "Distributed mode: identical subgraph queries of one caller in flight together are sent once (`false`: each on its own)",
  }),
  SUBGRAPH_BATCH: declare({
    group: "Deployment",
    value: trueFalse(true),
    default: "`true`",
    meaning:
      "Distributed mode: the queries one request makes of one subgraph side by side are sent as one HTTP batch (`false`: each on its own)",
  }),
  PLATFORM_START_TIMEOUT_MS: declare({
    group: "Deployment",
    value: wholeNumber(180_000),
    default: "`180000`",
    meaning: "How long the multi-process launcher waits for each child to answer `/healthz`",
  }),
  PLATFORM_CONFIG: declare({
    group: "Deployment",
    value: text(),
    default: "unset (the built-in defaults, `config/deployment.example.yaml`)",
    meaning:
      "The deployment's configuration: a YAML or JSON file, or a folder of them (queues, SLA types, routing rules, metrics, policies, catalog entries, document types); see [Deployment configuration](configuration.md)",
  }),
  SUPERGRAPH_COMPOSE_AT_START: declare({
    group: "Deployment",
    value: trueFalse(false),
    default: "`false`",
    meaning:
      "`true` composes the supergraph from the subgraphs at start instead of loading the one the build wrote (`gateway/dist/supergraph.graphql`)",
  }),

  // Database
  DATABASE_URL: declare({
    group: "Database",
    value: url(["postgres", "postgresql"]),
    default: "unset → embedded PGlite",
    meaning: "PostgreSQL connection string",
    example: "postgresql://pap@db.internal:5432/pap",
  }),
  DATABASE_POOL_SIZE: declare({
    group: "Database",
    value: wholeNumber(20),
    default: "`20`",
    meaning: "Connections per process (each write holds one for its transaction)",
  }),
  DATABASE_MIGRATE: declare({
    group: "Database",
    value: trueFalse(),
    default: "`true`, `false` when `NODE_ENV=production` on PostgreSQL",
    meaning:
      "`true`: a start applies the pending migrations (hosts starting together take turns under a lock). `false`: it applies none, and refuses to start unless the database holds every migration this release has; the release step `npm run migrate` applies them (see [Migrations](#migrations))",
    production: "`false` unless set (on PostgreSQL): run `npm run migrate` against the primary before starting the release's hosts",
  }),
  DATABASE_MIGRATE_LOCK_TIMEOUT_MS: declare({
    group: "Database",
    value: wholeNumber(180_000),
    default: "`180000`",
    meaning:
      "How long a migration waits for another host's (PostgreSQL's advisory lock) before it gives up and the start or `npm run migrate` fails",
  }),
  PGLITE_DATA_DIR: declare({
    group: "Database",
    value: text(),
    default: "`.data/pglite`",
    meaning: "Embedded store location (`memory` keeps nothing)",
  }),

  // Authentication
  AUTH_MODE: declare({
    group: "Authentication",
    value: choice(["jwt", "trusted-headers", "development"]),
    default: "`jwt` when a key is set, else `development`",
    meaning:
      "How callers authenticate: `jwt`, `trusted-headers` or `development` (see [Three modes](authentication.md#three-modes-auth_mode))",
    production: "`jwt` or `trusted-headers`: development mode, which serves `GET /dev/token`, is refused",
  }),
  AUTH_JWKS_URI: declare({
    group: "Authentication",
    value: url(),
    default: "unset",
    meaning: "The identity provider's JSON Web Key Set, for `jwt` mode",
  }),
  AUTH_PUBLIC_KEY: declare({
    group: "Authentication",
    value: text(),
    default: "unset",
    meaning: "A PEM public key tokens are verified with, for `jwt` mode",
  }),
  AUTH_SECRET: declare({
    group: "Authentication",
    value: secret(32),
    default: "unset (development mode: a key generated on this machine)",
    meaning: "An HMAC secret tokens are verified with, for `jwt` mode, at least 32 characters",
  }),
  AUTH_ISSUER: declare({
    group: "Authentication",
    value: text(),
    default: "any (development mode: `urn:pap:development`)",
    meaning: "The `iss` tokens must carry",
  }),
  AUTH_AUDIENCE: declare({
    group: "Authentication",
    value: text(DEFAULT_AUDIENCE),
    default: `\`${DEFAULT_AUDIENCE}\``,
    meaning: "The `aud` tokens must carry",
  }),
  AUTH_ALGORITHMS: declare({
    group: "Authentication",
    value: commaList(),
    default: "`RS256,ES256`, or `HS256` with a secret",
    meaning: "Comma list of the signature algorithms accepted",
  }),
  AUTH_CLOCK_SKEW_SECONDS: declare({
    group: "Authentication",
    value: wholeNumber(60, { min: 0 }),
    default: "`60`",
    meaning: "How far a token's times may be off this machine's clock",
  }),
  AUTH_API_KEYS: declare({
    group: "Authentication",
    value: commaList(),
    default: "unset (development mode: one derived from the local key, printed at start)",
    meaning:
      "Comma list of the identity provider's keys for `GET /identity-access/token/claims/{sub}` (`X-API-Key`); accepted nowhere else",
  }),
  COUNTY_SCOPING: declare({
    group: "Authentication",
    value: choice(["off", "on"] as const, "off"),
    default: "`off`: staff reach every county's records",
    meaning:
      "`on`: staff whose token names `counties` reach only the applications of those counties and the records hanging off them; other reads of them are 404. State administrators, the system and staff with no counties reach every county; an application whose county is unknown is state level, reached by those alone (docs/county-scoping.md)",
  }),
  COUNTY_TABLE: declare({
    group: "Authentication",
    value: countyTableFile(),
    default: "unset: only addresses whose `county` is a five-digit FIPS code have a county",
    meaning:
      'Path of a JSON file mapping county names and ZIP codes to five-digit FIPS codes (`{"Alameda": "06001", "94501": "06001"}`): how an address\'s `county` name or ZIP code, and a token\'s county names, become codes',
    example: "/etc/pap/counties.json",
  }),

  // Persons and intake
  PERSON_MATCH_KEY: declare({
    group: "Persons and intake",
    value: secret(32),
    default: "a public development secret",
    meaning:
      "The secret person matching keys SSNs with (HMAC-SHA256), at least 32 characters, the same in every process. Changing it re-derives every person's keys at the next start (see [Person matching](domains/persons.md#person-matching))",
    production: "required, and not the development secret",
  }),
  ENCRYPTION_KEYS: declare({
    group: "Persons and intake",
    value: encryptionKeys(),
    default: "a public development key",
    meaning:
      "The master keys sensitive values are sealed with in the database (AES-256-GCM: data keys wrapped by a master key, each sealing up to 100,000 values): `id:base64key,...`, each key 32 bytes in base64. The first seals, every one listed unseals; rotate by putting a new key first and running `npm run keys:rotate` (see [Sensitive data at rest](#sensitive-data-at-rest))",
    production: "required, and not the development key",
    example: "k2026:<32 bytes in base64>,k2025:<older key>",
  }),
  INTAKE_DETERMINATION_APPROVAL: declare({
    group: "Persons and intake",
    value: text("off"),
    default: "`off`",
    meaning:
      "When a completed determination needs a supervisor's sign-off before the application closes: `off`, `denials` (a program denied to a member), `all`, or a comma list of programs",
  }),
  INTAKE_FILING_MINIMUM: declare({
    group: "Persons and intake",
    value: choice(["on", "off"], "on"),
    default: "`on`",
    meaning:
      "`off` lets an application be submitted without the minimum a filing needs (see [The application lifecycle](domains/intake.md#the-application-lifecycle))",
  }),
  SNAP_INTERVIEW_REQUIRED: declare({
    group: "Persons and intake",
    value: trueFalse(true),
    default: "`true`",
    meaning:
      "`false` waives the SNAP interview for every application (7 CFR 273.2(e), policy `snap-interview-requirement`): a SNAP application's review then completes without a held or waived interview (see [The interview](domains/intake.md#the-interview))",
  }),
  // Scheduling
  APPOINTMENT_REMINDER_OFFSETS: declare({
    group: "Scheduling",
    value: durationList("P2D,PT2H", 5),
    default: "`P2D,PT2H`",
    meaning:
      "How long before a scheduled appointment `scheduling.appointment.reminder_due` is recorded (the notice is sent from it): up to five ISO-8601 durations of days, hours and minutes, or `none` (see [Scheduling](domains/scheduling.md#reminders))",
  }),

  // Eligibility adapter
  ELIGIBILITY_ADAPTER_URL: declare({
    group: "Eligibility adapter",
    value: url(),
    default: "unset → the reference adapter, started beside the platform (`REFERENCE_SERVICES`)",
    meaning:
      "The eligibility adapter the platform calls (the adapter contract of the specification, §4.7): a state's own rules engine; see [the reference adapter](reference-services.md#the-eligibility-reference-adapter)",
    production: "required unless `REFERENCE_SERVICES=on`",
  }),
  ELIGIBILITY_ADAPTER_TIMEOUT_MS: declare({
    group: "Eligibility adapter",
    value: wholeNumber(5000),
    default: "`5000`",
    meaning:
      "Each attempt's timeout of the adapter client (see [the choreography](domains/eligibility.md#from-submission-to-a-case-the-choreography))",
  }),
  ELIGIBILITY_ADAPTER_ATTEMPTS: declare({
    group: "Eligibility adapter",
    value: wholeNumber(3),
    default: "`3`",
    meaning: "Attempts per call of the adapter client",
  }),

  // Data exchange
  DATA_EXCHANGE_AGENCY_URL: declare({
    group: "Data exchange",
    value: url(),
    default: "unset → the reference agency simulator, started beside the platform (`REFERENCE_SERVICES`)",
    meaning:
      "Where catalog entries without an endpoint of their own call their agency (`<url>/agencies/<serviceType>`); see [Data exchange](domains/data-exchange.md)",
    production: "required unless `REFERENCE_SERVICES=on`",
  }),
  DATA_EXCHANGE_SERVICES_FILE: declare({
    group: "Data exchange",
    value: text(),
    default: "unset",
    meaning:
      'A JSON file `{ "services": [ … ] }` of catalog entries to add, or to change by id (endpoint, timeout, credential, window, mode); the older form of the deployment file\'s `dataExchange.services`, applied after it',
  }),
  DATA_EXCHANGE_CALL_WINDOW_SECONDS: declare({
    group: "Data exchange",
    value: wholeNumber(900),
    default: "`900`",
    meaning: "How long a call may stay pending before its durable timer times it out, for entries that set none",
  }),
  DATA_EXCHANGE_CALL_TIMEOUT_MS: declare({
    group: "Data exchange",
    value: wholeNumber(10_000),
    default: "`10000`",
    meaning: "Each attempt's timeout (a sync call's whole budget), for entries that set none",
  }),
  DATA_EXCHANGE_ATTEMPTS_PER_CALL: declare({
    group: "Data exchange",
    value: wholeNumber(3),
    default: "`3`",
    meaning: "Attempts within one call (jittered backoff)",
  }),
  DATA_EXCHANGE_OUTBOX_ATTEMPTS: declare({
    group: "Data exchange",
    value: wholeNumber(5),
    default: "`5`",
    meaning: "Calls before an asynchronous call fails for good",
  }),
  DATA_EXCHANGE_RETRY_BASE_MS: declare({
    group: "Data exchange",
    value: wholeNumber(5_000),
    default: "`5000`",
    meaning: "The outbox's first wait between calls, doubled (jittered) after each",
  }),
  DATA_EXCHANGE_RETRY_MAX_MS: declare({
    group: "Data exchange",
    value: wholeNumber(300_000),
    default: "`300000`",
    meaning: "The outbox's longest wait between calls",
  }),
  DATA_EXCHANGE_BREAKER_FAILURES: declare({
    group: "Data exchange",
    value: wholeNumber(5),
    default: "`5`",
    meaning: "Per service: consecutive failed calls that open its circuit breaker",
  }),
  DATA_EXCHANGE_BREAKER_OPEN_MS: declare({
    group: "Data exchange",
    value: wholeNumber(30_000),
    default: "`30000`",
    meaning: "How long an open breaker stays open before a trial call",
  }),
  DATA_EXCHANGE_CONCURRENCY: declare({
    group: "Data exchange",
    value: wholeNumber(32),
    default: "`32`",
    meaning: "Calls one process has in flight at once",
  }),

  // Reference services
  REFERENCE_SERVICES: declare({
    group: "Reference services",
    value: choice(["on", "off"]),
    default: "`on`, `off` when `NODE_ENV=production`",
    meaning:
      "Whether the launcher may start the reference eligibility adapter and the reference agency simulator where `ELIGIBILITY_ADAPTER_URL` or `DATA_EXCHANGE_AGENCY_URL` is not given; `on` in production for a demonstration",
    production: "`off` unless set: the two URLs are then required",
  }),
  ELIGIBILITY_ADAPTER_PORT: declare({
    group: "Reference services",
    value: port(),
    default: "a free port",
    meaning: "Where the launcher's reference adapter listens",
  }),
  AGENCY_SIMULATOR_PORT: declare({
    group: "Reference services",
    value: port(),
    default: "a free port",
    meaning: "Where the launcher's agency simulator listens",
  }),
  SNAP_SUA_HEATING_COOLING: declare({
    group: "Reference services",
    value: decimal(500, { min: 0 }),
    default: "`500` (illustrative)",
    meaning: "The reference adapter: the state's full standard utility allowance, monthly dollars",
  }),
  SNAP_SUA_LIMITED: declare({
    group: "Reference services",
    value: decimal(300, { min: 0 }),
    default: "`300` (illustrative)",
    meaning: "The reference adapter: the limited standard utility allowance, monthly dollars",
  }),
  AGENCY_SIMULATOR_TOKEN: declare({
    group: "Reference services",
    value: text(),
    default: "unset (no token asked)",
    meaning: "The agency simulator: the bearer token its callers must send",
  }),
  AGENCY_SIMULATOR_LATENCY_MS: declare({
    group: "Reference services",
    value: wholeNumber(undefined, { min: 0, max: 60_000 }),
    default: "`0`",
    meaning: "The agency simulator: delay added before every answer, in ms",
  }),
  AGENCY_SIMULATOR_FAILURE_RATE: declare({
    group: "Reference services",
    value: decimal(undefined, { min: 0, max: 1 }),
    default: "`0`",
    meaning: "The agency simulator: the fraction of requests answered 503 at random",
  }),
  AGENCY_SIMULATOR_FAILING: declare({
    group: "Reference services",
    value: commaList(),
    default: "none",
    meaning: "The agency simulator: comma list of service types that answer 503 to every request",
  }),
  AGENCY_SIMULATOR_SLOW_MS: declare({
    group: "Reference services",
    value: wholeNumber(undefined, { min: 0, max: 600_000 }),
    default: "`3000`",
    meaning: "The agency simulator: how long an SSN ending in 9 makes an agency take, in ms",
  }),

  // Documents
  DOCUMENT_TYPES_FILE: declare({
    group: "Documents",
    value: text(),
    default: "unset",
    meaning:
      'A JSON file `{ "documentTypes": [ … ] }` of document types to add to the configured ones, or to change by id (see [Document management](domains/document-management.md)); the older form of the deployment file\'s `documents.documentTypes`, applied after it',
  }),
  CLAMD_URL: declare({
    group: "Documents",
    value: url(["tcp"]),
    default: "unset (no scanning)",
    meaning: "The ClamAV daemon every upload is scanned by, `tcp://host:3310`",
    production: "required unless `VIRUS_SCAN=off`",
    example: "tcp://127.0.0.1:3310",
  }),
  VIRUS_SCAN: declare({
    group: "Documents",
    value: choice(["on", "off"], "on"),
    default: "`on`",
    meaning: "`off` accepts unscanned uploads on purpose (the only way to start without a scanner in production)",
  }),
  CONTENT_MAX_BYTES: declare({
    group: "Documents",
    // A version's size is stored as a 32-bit integer; nothing a household files comes near it.
    value: wholeNumber(100 * 1024 * 1024, { max: 2 ** 31 - 1 }),
    default: "`104857600` (100 MiB)",
    meaning: "The largest file an upload may carry; beyond it 413",
  }),
  SMTP_URL: declare({
    group: "Notices",
    value: url(["smtp", "smtps"]),
    default: "unset (every copy is on paper)",
    meaning:
      "The mail server notices are emailed through, `smtp://host:587` (STARTTLS when the server offers it) or `smtps://host:465`; credentials, when the server asks for them, in the URL",
    production: "required unless `NOTICE_EMAIL=off`",
    example: "smtp://127.0.0.1:2525",
  }),
  NOTICE_EMAIL: declare({
    group: "Notices",
    value: choice(["on", "off"], "on"),
    default: "`on`",
    meaning:
      "`off` emails no notice: a recipient who prefers email gets every copy on paper (the only way to start without a mail server in production)",
  }),
  NOTICE_FROM: declare({
    group: "Notices",
    value: text("Benefits notices <notices@localhost>"),
    default: "`Benefits notices <notices@localhost>`",
    meaning: "The From address of emailed notices",
    example: "Benefits notices <notices@benefits.example.gov>",
  }),
  CONTENT_STORE: declare({
    group: "Documents",
    value: choice(["filesystem", "s3"], "filesystem"),
    default: "`filesystem`",
    meaning: "Where documents' bytes are kept: a directory, or `s3`",
  }),
  CONTENT_DIRECTORY: declare({
    group: "Documents",
    value: text(),
    default: "`.data/content`",
    meaning: "The directory of the `filesystem` store",
  }),
  S3_BUCKET: declare({
    group: "Documents",
    value: text(),
    default: "unset",
    meaning: "The bucket of the S3-compatible store (`CONTENT_STORE=s3`, where it is required)",
  }),
  S3_ENDPOINT: declare({ group: "Documents", value: url(), default: "AWS", meaning: "The S3-compatible store's endpoint" }),
  S3_REGION: declare({ group: "Documents", value: text("us-east-1"), default: "`us-east-1`", meaning: "The S3 store's region" }),
  S3_FORCE_PATH_STYLE: declare({
    group: "Documents",
    value: trueFalse(),
    default: "`false`",
    meaning: "Path-style bucket addresses (most S3-compatible servers other than AWS)",
  }),
  S3_ACCESS_KEY_ID: declare({
    group: "Documents",
    value: text(),
    default: "the SDK's default chain",
    meaning: "The S3 store's access key (with `S3_SECRET_ACCESS_KEY`)",
  }),
  S3_SECRET_ACCESS_KEY: declare({
    group: "Documents",
    value: text(),
    default: "the SDK's default chain",
    meaning: "The S3 store's secret key (with `S3_ACCESS_KEY_ID`)",
  }),
  CONTENT_SIGNING_SECRET: declare({
    group: "Documents",
    value: secret(32),
    default: "derived from this machine's development key",
    meaning: "Signs staged-upload tokens and content links, at least 32 characters, the same in every process",
    production: "required",
  }),
  CONTENT_DELIVERY: declare({
    group: "Documents",
    value: choice(["stream", "redirect"], "stream"),
    default: "`stream`",
    meaning: "`redirect`: content requests answer 302 to a signed, time-limited link (an overlay the specification allows, §9)",
  }),
  CONTENT_LINK_TTL_SECONDS: declare({
    group: "Documents",
    value: wholeNumber(300, { max: 7 * 24 * 3600 }),
    default: "`300`",
    meaning: "How long a signed content link is valid",
  }),

  // Limits
  GRAPHQL_INTROSPECTION: declare({
    group: "Limits",
    value: trueFalse(),
    default: "on, off when `NODE_ENV=production`",
    meaning: "`true` / `false` to choose (HTTP and WebSocket alike)",
  }),
  GRAPHQL_TRUSTED_DOCUMENTS: declare({
    group: "Limits",
    value: trustedDocumentsFiles(),
    default: "unset (any operation)",
    meaning:
      'Manifests of the operations the deployment\'s apps send (comma-separated JSON files of `"<sha256>": "<document>"`; the dashboard\'s is `web/dist/dashboard/trusted-documents.json`): with `NODE_ENV=production` the graph runs only these, sent by hash or in full, and refuses any other with 400 `PERSISTED_QUERY_NOT_FOUND` / `PERSISTED_QUERY_NOT_IN_LIST`; in development, listed hashes resolve and any operation still runs. A file that cannot be read or whose keys are not their documents\' hashes stops the start (see [Trusted documents](graphql.md#trusted-documents))',
  }),
  GRAPHQL_MAX_DEPTH: declare({
    group: "Limits",
    value: wholeNumber(12),
    default: "`12`",
    meaning: "Deepest nesting of an operation's fields; past it, 400 `QUERY_TOO_DEEP` before anything runs",
  }),
  GRAPHQL_MAX_COST: declare({
    group: "Limits",
    value: wholeNumber(100_000),
    default: "`100000`",
    meaning:
      "Most fields an operation could resolve (a paged list counts once per item of the page asked for: `limit`, the largest page when it is a variable, else 25; a relation list by the size declared with it, see [Query limits](graphql.md#query-limits)); past it, 400 `QUERY_TOO_COMPLEX` before anything runs",
  }),
  GRAPHQL_MAX_SELECTIONS: declare({
    group: "Limits",
    value: wholeNumber(100),
    default: "`100`",
    meaning: "Most fields one selection set may name, aliases counted one by one (past it, 400 `QUERY_TOO_COMPLEX`)",
  }),
  GRAPHQL_MAX_TOKENS: declare({
    group: "Limits",
    value: wholeNumber(10_000),
    default: "`10000`",
    meaning: "Most tokens the parser reads of a document (past it, 400)",
  }),
  REQUEST_MAX_DEPTH: declare({
    group: "Limits",
    value: wholeNumber(32),
    default: "`32`",
    meaning: "Deepest nesting of objects and arrays in a JSON request body; deeper is 400 before anything walks the body",
  }),
  RATE_LIMIT: declare({
    group: "Limits",
    value: trueFalse(),
    default: "off, on when `NODE_ENV=production`",
    meaning: "`true` / `false`: per-caller limits at the gateway and the REST surface (see [Per-caller limits](rest.md#per-caller-limits))",
  }),
  RATE_LIMIT_MAX: declare({
    group: "Limits",
    value: wholeNumber(1200),
    default: "`1200`",
    meaning: "Requests one caller may make per window; past it, 429 `RATE_LIMITED` with `Retry-After`",
  }),
  RATE_LIMIT_WINDOW_MS: declare({
    group: "Limits",
    value: wholeNumber(60_000),
    default: "`60000`",
    meaning: "The window of `RATE_LIMIT_MAX`",
  }),
  RATE_LIMIT_MAX_CONNECTIONS: declare({
    group: "Limits",
    value: wholeNumber(10),
    default: "`10`",
    meaning: "Event streams and GraphQL WebSockets one caller may hold open at once; past it, 429 (SSE) or close code 4429 (WebSocket)",
  }),
  RATE_LIMIT_REDIS_URL: declare({
    group: "Limits",
    value: url(["redis", "rediss"]),
    default: "unset (each process counts on its own)",
    meaning:
      "A Redis server (`redis://host:6379`, `rediss://` over TLS) every process counts `RATE_LIMIT_MAX` in, so that all hosts together enforce one budget per caller; while it does not answer, each process counts on its own (see [Per-caller limits](rest.md#per-caller-limits))",
  }),
  RATE_LIMIT_REDIS_PREFIX: declare({
    group: "Limits",
    value: text("pap-rate-limit:"),
    default: "`pap-rate-limit:`",
    meaning: "What the counters' keys in `RATE_LIMIT_REDIS_URL` start with: platforms sharing one Redis each need their own",
  }),

  // Events
  PLATFORM_BASE_PATH: declare({
    group: "Event overlays",
    value: text("/platform"),
    default: "`/platform`",
    meaning: "Where the platform domain's REST paths live (an overlay the specification allows, §9)",
  }),
  EVENT_TYPE_PREFIX: declare({
    group: "Event overlays",
    value: verbatim(""),
    default: "empty",
    meaning: "Prepended verbatim to every event type, e.g. `org.example.` (an overlay the specification allows, §9)",
  }),
  SENSITIVE_FIELDS: declare({
    group: "Event overlays",
    value: commaList(),
    default: "none beyond `ssn` and `dateOfBirth`",
    meaning:
      "Field names, beside `ssn` and `dateOfBirth` (always), that are sensitive wherever they are: no event carries their values (`[redacted]`; a name added later is cleared from past events at the next start), they are stored encrypted (lists cannot filter on them), and every read of one is in the audit trail",
    example: "alienNumber,medicaidId",
  }),
  AUDIT_SENSITIVE_READS: declare({
    group: "Event overlays",
    value: trueFalse(true),
    default: "`true`",
    meaning:
      "`true`: every read of a sensitive field (the names above, income amounts, document bytes) appends who, when, which record and which fields to the audit trail, `GET /platform/audit`; `false` only for a benchmark's comparison: every start says so",
  }),
  AUDIT_RETENTION_DAYS: declare({
    group: "Event overlays",
    value: wholeNumber(2557),
    default: "`2557` (seven years)",
    meaning: "How long audit entries are kept; older ones are deleted by the platform in batches, once an hour",
  }),
  EVENT_STREAM_HEARTBEAT_MS: declare({
    group: "Event overlays",
    value: wholeNumber(30_000),
    default: "`30000`",
    meaning: "Interval of the `: heartbeat` comment on the event stream",
  }),

  // Logs, metrics and tracing
  LOG_LEVEL: declare({
    group: "Logs, metrics and tracing",
    value: choice(["fatal", "error", "warn", "info", "debug", "trace", "silent"], "info"),
    default: "`info`",
    meaning: "pino level (`silent` in tests)",
  }),
  LOG_REQUESTS: declare({
    group: "Logs, metrics and tracing",
    value: trueFalse(false),
    default: "`false`",
    meaning: "Log every HTTP request",
  }),
  METRICS_TOKEN: declare({
    group: "Logs, metrics and tracing",
    value: text(),
    default: "unset (then `/metrics` answers this machine only)",
    meaning: "The bearer token `GET /metrics` requires (see [Metrics](#metrics))",
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: declare({
    group: "Logs, metrics and tracing",
    value: url(),
    default: "unset (no tracing)",
    meaning:
      "A collector's base URL every process sends its traces to over OTLP/HTTP (JSON) (`/v1/traces` is added to it); setting it turns tracing on ([Tracing](#tracing))",
  }),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: declare({
    group: "Logs, metrics and tracing",
    value: url(),
    default: "unset",
    meaning: "The traces URL as it is (instead of `OTEL_EXPORTER_OTLP_ENDPOINT`); setting it turns tracing on",
  }),
  OTEL_SERVICE_NAME: declare({
    group: "Logs, metrics and tracing",
    value: text(),
    default: "unset",
    meaning:
      "The `service.name` traces carry: a process started on its own reports it as given (else `pap-platform`); the distributed mode's processes report it with their role, `<name>-gateway`, `<name>-rest`, `<name>-subgraph-<domain>` (else `pap-…`)",
  }),
  OTEL_TRACES_SAMPLER: declare({
    group: "Logs, metrics and tracing",
    value: choice(
      ["always_on", "always_off", "traceidratio", "parentbased_always_on", "parentbased_always_off", "parentbased_traceidratio"],
      "parentbased_always_on",
    ),
    default: "`parentbased_always_on`",
    meaning:
      "Which traces are kept: `always_on`, `always_off`, `traceidratio`, `parentbased_always_on`, `parentbased_always_off`, `parentbased_traceidratio`",
  }),
  OTEL_TRACES_SAMPLER_ARG: declare({
    group: "Logs, metrics and tracing",
    value: decimal(undefined, { min: 0, max: 1 }),
    default: "`1`",
    meaning: "The ratio (0–1) of the `traceidratio` samplers",
  }),
  OTEL_SDK_DISABLED: declare({
    group: "Logs, metrics and tracing",
    value: trueFalse(false),
    default: "`false`",
    meaning: "`true` keeps tracing off though an endpoint is set",
  }),

  // Set by the launcher
  SUBGRAPH_URLS: declare({
    group: "Set by the launcher",
    value: text("{}"),
    default: "—",
    meaning: "Distributed mode: the gateway process's subgraph addresses (JSON)",
    internal: true,
  }),
  GRAPHQL_URL: declare({
    group: "Set by the launcher",
    value: url(),
    default: "—",
    meaning: "Distributed mode: the gateway the REST process calls",
    internal: true,
  }),
  PAP_METRICS_PARENT: declare({
    group: "Set by the launcher",
    value: text(),
    default: "—",
    meaning: "`1` in a process whose launcher gathers its metrics",
    internal: true,
  }),
  NODE_OPTIONS: declare({
    group: "Set by the launcher",
    value: text(),
    default: "—",
    meaning: "Node's own; the launcher adds `--max-semi-space-size=64` for the gateway process unless one is given",
    internal: true,
  }),
  APOLLO_TELEMETRY_DISABLED: declare({
    group: "Set by the launcher",
    value: text(),
    default: "—",
    meaning: "Apollo's own; every process sets it so the gateway never reports usage",
    internal: true,
  }),
} satisfies Record<string, SettingDeclaration>;

export type SettingName = keyof typeof settingDeclarations;
export type SettingValue<N extends SettingName> = z.output<(typeof settingDeclarations)[N]["value"]>;
export const settingNames = Object.keys(settingDeclarations) as SettingName[];
export const isSettingName = (name: string): name is SettingName => Object.hasOwn(settingDeclarations, name);
