/**
 * The boundaries between Polity's parts, checked by `npm run check` (`npm run check:boundaries`).
 * A rule is a forbidden arrow: the check fails when one import crosses it. Paths are real files
 * (workspace imports such as `@polity/core/chains` resolve to `packages/core/src/chains.ts`).
 *
 * Generated contract bindings live in core (`packages/core/src/generated/`): the contracts build
 * writes them there and every TypeScript part imports them from `@polity/core/generated/*`; the
 * contracts package itself imports no TypeScript part.
 */
/** A forbidden arrow: an import from `from` to `to` fails the check, and `comment` says why. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: "error", from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      "core-imports-no-other-part",
      "packages/core is the shared domain: it imports no other part of the repository.",
      { path: "^packages/core/" },
      { path: "^(apps|services|e2e|bench|scripts|packages/(contracts|indexer))/" },
    ),
    forbid(
      "contracts-import-no-typescript-part",
      "The protocol (its tests and scripts included) imports no TypeScript part; it writes core's generated bindings.",
      { path: "^packages/contracts/" },
      { path: "^(apps|services|e2e|bench|scripts|packages/(core|indexer))/" },
    ),
    forbid(
      "web-imports-no-server-code",
      "The web app reads the api over HTTP and the chain over JSON-RPC, never their code.",
      { path: "^apps/web/" },
      { path: "^(services|e2e|bench|scripts|packages/(contracts|indexer))/" },
    ),
    forbid(
      "web-feature-imports-no-other-feature",
      "A web feature builds on apps/web/src/shared and @polity/core, never on another feature.",
      { path: "^apps/web/src/features/([^/]+)/" },
      { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    ),
    forbid(
      "web-shared-imports-no-feature",
      "apps/web/src/shared is what features build on: it imports none of them.",
      { path: "^apps/web/src/shared/" },
      { path: "^apps/web/src/(features|app)/" },
    ),
    forbid(
      "api-module-imports-no-other-module",
      "An api module builds on services/api/src (http, chain, db, indexer, cache) and modules/types.ts; what it needs of another module comes through ModuleDeps, wired in app.ts.",
      { path: "^services/api/src/modules/([^/]+)/" },
      { path: "^services/api/src/modules/", pathNot: "^services/api/src/modules/($1/|types[.]ts$)" },
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|artifacts|cache|\\.polity|\\.tools)/" },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "types", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
  },
};
