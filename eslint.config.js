// ESLint 9 flat config: typescript-eslint, React hooks and jsx-a11y, each at its recommended
// level. Formatting is Prettier's job (`npm run format`), so no stylistic rules here; the
// import-layer rule lives in .dependency-cruiser.cjs (`npm run lint` runs both).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      ".build-*/",
      "public/build/",
      ".cache/",
      "db/data/",
      "test-results/",
      "playwright-report/",
      "blob-report/",
      ".test-reports/",
      ".tmp/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
  },
);
