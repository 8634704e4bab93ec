import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist",
      ".wrangler",
      "node_modules",
      "web/routeTree.gen.ts",
      "worker/generated/worker-configuration.d.ts",
      "db/migrations",
      "test-results",
      "playwright-report",
      "bench/.results",
      // Mutation runs copy the tree into their sandboxes here while they run.
      ".stryker-tmp",
      "reports",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-namespace": "off",
    },
  },
  {
    files: ["web/**/*.tsx", "web/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser takes the contract's types only: its schemas (and zod) would not fit the bundle budget.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: "The web app does not ship zod.", allowTypeImports: true }],
          patterns: [
            {
              regex: "common/contract(/(?!limits$|enums$|route$|billing-format$)[^/]+)?$",
              message:
                "Import the contract's types only (`import type`); limits, enums, route and billing-format are the zod-free parts.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  { files: ["**/*.mjs", "**/*.js"], languageOptions: { globals: globals.node } },
);
