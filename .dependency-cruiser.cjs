/**
 * The boundaries between Polity's parts, checked by `npm run check` (`npm run check:boundaries`).
 * A rule is a forbidden arrow: the check fails when one import crosses it. Paths are real files
 * (workspace imports such as `@polity/core/chains` resolve to `packages/core/src/chains.ts`).
 *
 * Generated contract bindings live in core (`packages/core/src/generated/`): the contracts build
 * writes them there and every TypeScript part imports them from `@polity/core/generated/*`; the
 * contracts package itself imports no TypeScript part.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "core-imports-no-other-part",
      comment: "packages/core is the shared domain: it imports no other part of the repository.",
      severity: "error",
      from: { path: "^packages/core/" },
      to: { path: "^(apps|services|e2e|bench|scripts|packages/(contracts|indexer))/" },
    },
    {
      name: "contracts-import-no-typescript-part",
      comment:
        "The protocol (its tests and scripts included) imports no TypeScript part; it writes core's generated bindings.",
      severity: "error",
      from: { path: "^packages/contracts/" },
      to: { path: "^(apps|services|e2e|bench|scripts|packages/(core|indexer))/" },
    },
    {
      name: "web-imports-no-server-code",
      comment: "The web app reads the api over HTTP and the chain over JSON-RPC, never their code.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^(services|e2e|bench|scripts|packages/(contracts|indexer))/" },
    },
    {
      name: "web-feature-imports-no-other-feature",
      comment: "A web feature builds on apps/web/src/shared and @polity/core, never on another feature.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-shared-imports-no-feature",
      comment: "apps/web/src/shared is what features build on: it imports none of them.",
      severity: "error",
      from: { path: "^apps/web/src/shared/" },
      to: { path: "^apps/web/src/(features|app)/" },
    },
    {
      name: "api-module-imports-no-other-module",
      comment:
        "An api module builds on services/api/src (http, chain, db, indexer, cache) and modules/types.ts; what it needs of another module comes through ModuleDeps, wired in app.ts.",
      severity: "error",
      from: { path: "^services/api/src/modules/([^/]+)/" },
      to: { path: "^services/api/src/modules/", pathNot: "^services/api/src/modules/($1/|types[.]ts$)" },
    },
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
