import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
);
