import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import tseslint from "typescript-eslint";

/**
 * The layer rules (docs/decisions/028): nothing reaches up a layer. A restriction names folders or
 * modules of app/ and matches them by the `~/` alias and by relative paths ("../db/schema",
 * "../../db"), type imports included.
 */
function appModule(names, message) {
  return { regex: `^(~|\\.{1,2}(/\\.\\.)*)/(${names.join("|")})(/|$)`, message };
}

const noServer = {
  regex: "^\\.{1,2}(/\\.\\.)*/server(/|$)",
  message: "app/ never imports server/: the Hono edge imports app/, not the other way round (decision 027).",
};
const noServices = appModule(["services"], "Services are use-cases that the edge (routes, server/api) calls; this layer lies below them.");
const noIo = appModule(["db", "mail", "auth"], "The database, e-mail and sessions are server-side I/O; this layer stays free of them.");
const noUpward = appModule(["routes", "root", "components"], "Routes and components are the top of app/: nothing below them imports them.");

/** An allow-list, so that a new dependency of the pure rules is a decision, not an accident. */
const domainOnly = {
  regex: "^(?!(\\./|~/domain/|~/config/site$|@date-fns/tz$|date-fns(/|$)))",
  message:
    "app/domain is pure rules (no clock, no I/O, no wording): it imports only app/domain, the workshop's facts (~/config/site) and date-fns.",
};

/** Which imports each part of app/ may not make; every part of app/ is also kept out of server/. */
const layers = [
  { files: ["app/domain/**"], patterns: [domainOnly] },
  { files: ["app/config/**", "app/lib/**", "app/schemas/**"], patterns: [noServices, noIo, noUpward] },
  {
    // The schemas word their errors with app/messages.ts, so app/messages.ts never imports them.
    files: ["app/messages.ts"],
    patterns: [appModule(["schemas"], "app/schemas imports app/messages.ts, not the other way round."), noServices, noIo, noUpward],
  },
  {
    files: ["app/db/**"],
    patterns: [noServices, appModule(["mail", "auth"], "app/db is the lowest I/O layer: e-mail and sessions build on it."), noUpward],
  },
  { files: ["app/mail/**", "app/auth/**"], patterns: [noServices, noUpward] },
  {
    files: ["app/services/**"],
    patterns: [appModule(["http-status"], "Services return codes; the edge turns them into HTTP statuses."), noUpward],
  },
  {
    files: ["app/components/**", "app/browser/**"],
    patterns: [noServices, noIo, appModule(["routes", "root"], "Routes use components, never the other way round.")],
  },
  {
    files: ["app/routes/**", "app/root.tsx"],
    patterns: [appModule(["db"], "A route takes the database from the request context (databaseContext) and hands it to a service.")],
  },
];
const restrictImports = (patterns) => ({ "no-restricted-imports": ["error", { patterns: [...patterns, noServer] }] });

/**
 * The workshop's facts are the owner's, on 'Einstellungen' (issue 29, decisions 042 and 048): code
 * reads them from the facts (workshopFacts, PublicFacts), never from app/config/site.ts, whose
 * values only seed a new database (app/domain/workshop.ts defaultWorkshopFacts). The brand, the
 * copy, the country and the rules that are no facts (time zone, slot steps) stay constants there.
 */
const factsMessage =
  "A fact of 'Einstellungen' (issue 29): read it from the facts (workshopFacts, PublicFacts); app/config/site.ts only seeds a new database.";
const factsFromSettings = [
  "MemberExpression[object.name='site'][property.name=/^(phones|email|legalName|mail|openingHours|services)$/]",
  // Whole (`...site.legal`) or a fact of it; the business purpose and the trade regulations are the trade's.
  ":not(MemberExpression) > MemberExpression[object.name='site'][property.name=/^(legal|address)$/]",
  "MemberExpression[object.object.name='site'][object.property.name='legal'][property.name!=/^(businessPurpose|tradeRegulations)$/]",
  "MemberExpression[object.object.name='site'][object.property.name='address'][property.name!=/^(country|countryCode)$/]",
  "MemberExpression[object.object.name='site'][object.property.name='booking'][property.name=/^(selfCancelHoursBefore|reminderHoursBefore|maxOpenRequestsPerEmail|pickupsPerDay|leadTimeMinutes|horizonDays|fewFreeSlots)$/]",
].map((selector) => ({ selector, message: factsMessage }));

export default tseslint.config(
  // What .gitignore ignores (build*/ covers the other build folders such as build-*), and generated migrations.
  {
    ignores: ["build*/", "node_modules/", ".react-router/", "data/", ".e2e-data*/", "test-results*/", "playwright-report/", "drizzle/"],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-empty-object-type": "off",
    },
  },
  // Rules of Hooks, effect dependencies and the React Compiler's checks (hooks live in .ts files too).
  {
    files: ["app/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  // Accessibility of the JSX we render.
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Our <Label> renders a <label>: check its uses for a htmlFor or a nested control.
      "jsx-a11y/label-has-associated-control": [
        "error",
        { labelComponents: ["Label"], controlComponents: ["Input", "Textarea", "NativeSelect"], assert: "either" },
      ],
    },
  },
  // Imports and re-exports in one order, kept by `eslint --fix`: side effects, node:, packages, ~/,
  // then relative paths, in one block as the code has always written them (no blank lines between).
  {
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      "simple-import-sort/imports": ["error", { groups: [["^\\u0000", "^node:", "^@?\\w", "^", "^\\."]] }],
      "simple-import-sort/exports": "error",
    },
  },
  // The layer rules, for the code that ships. A test may reach for what it checks (a domain test
  // puts the codes into the German words its assertions read), but no file of app/ imports server/.
  { files: ["app/**"], rules: restrictImports([]) },
  ...layers.map(({ files, patterns }) => ({ files, rules: restrictImports(patterns) })),
  { files: ["app/**/*.test.{ts,tsx}"], rules: restrictImports([]) },
  // The facts of 'Einstellungen' only from the facts; site.ts's values seed a new database (app/domain/workshop.ts).
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["app/config/site.ts", "app/domain/workshop.ts", "**/*.test.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...factsFromSettings] },
  },
);
