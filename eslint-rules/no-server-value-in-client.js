// Remix (the classic compiler) drops a `*.server` import from the browser bundle without a word,
// so a value from it that browser code uses is `undefined` there: the page renders one thing on
// the server and another after hydration (the import-limit constant of 4c71a23 did exactly this).
// In routes and components, a value imported from a `.server` module may be used only inside
// the route's `loader`, `action` and `headers` exports, or inside module-level helper functions
// that only those (or other such helpers) call. Module-level values are computed in the browser too. Type-only uses are fine: types vanish at build time.

const SERVER_MODULE = /\.server(\.[cm]?[jt]sx?)?$/;
const SERVER_EXPORTS = new Set(["loader", "action", "headers"]);
/** What Remix keeps of a route module in the browser bundle. */
const BROWSER_EXPORTS = new Set([
  "default",
  "meta",
  "links",
  "handle",
  "ErrorBoundary",
  "HydrateFallback",
  "Layout",
  "shouldRevalidate",
  "clientLoader",
  "clientAction",
]);

/** A resource route (API, feed, download): no JSX and nothing Remix sends to the browser. */
function isServerOnlyModule(program) {
  let browser = false;
  for (const statement of program.body) {
    if (statement.type === "ExportDefaultDeclaration") browser = true;
    if (statement.type === "ExportNamedDeclaration") {
      const names = [
        ...declaredNames(statement),
        ...statement.specifiers.map((s) => (s.exported.type === "Identifier" ? s.exported.name : s.exported.value)),
      ];
      if (names.some((name) => BROWSER_EXPORTS.has(name))) browser = true;
    }
  }
  return !browser;
}

/** The statement directly under Program that holds `node`. */
function topLevelStatement(node) {
  let current = node;
  while (current.parent && current.parent.type !== "Program") current = current.parent;
  return current;
}

/** The module-level names a top-level statement declares (function or const/let/var). */
function declaredNames(statement) {
  const declaration =
    statement.type === "ExportNamedDeclaration" || statement.type === "ExportDefaultDeclaration"
      ? statement.declaration
      : statement;
  if (!declaration) return [];
  if (declaration.type === "FunctionDeclaration" && declaration.id) return [declaration.id.name];
  if (declaration.type === "VariableDeclaration") {
    return declaration.declarations.filter((d) => d.id.type === "Identifier").map((d) => d.id.name);
  }
  return [];
}

/** A function (not a value computed at module load, which runs in the browser too). */
function declaresOnlyFunctions(statement) {
  if (statement.type === "FunctionDeclaration") return true;
  if (statement.type !== "VariableDeclaration") return false;
  return statement.declarations.every(
    (d) => d.init && (d.init.type === "ArrowFunctionExpression" || d.init.type === "FunctionExpression"),
  );
}

function isExported(statement) {
  return statement.type === "ExportNamedDeclaration" || statement.type === "ExportDefaultDeclaration";
}

/** @type {import("eslint").Rule.RuleModule} */
export const noServerValueInClient = {
  meta: {
    type: "problem",
    docs: {
      description:
        "In routes and components, values imported from .server modules may be used only in loader, action and headers",
    },
    schema: [],
    messages: {
      clientUse:
        "'{{name}}' comes from a .server module, which Remix leaves out of the browser bundle: here it would be undefined in the browser. Use it only in loader, action or headers, or import it from a client-safe module.",
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    /** Imported server values: their variables, to check once the whole file is known. */
    const serverVariables = [];

    let hasJsx = false;

    return {
      JSXElement() {
        hasJsx = true;
      },
      JSXFragment() {
        hasJsx = true;
      },
      ImportDeclaration(node) {
        if (node.importKind === "type" || !SERVER_MODULE.test(String(node.source.value))) return;
        for (const specifier of node.specifiers) {
          if (specifier.importKind === "type") continue;
          serverVariables.push(...sourceCode.getDeclaredVariables(specifier));
        }
      },
      "Program:exit"(program) {
        if (serverVariables.length === 0 || (!hasJsx && isServerOnlyModule(program))) return;
        const scope = sourceCode.getScope(program);
        const moduleScope = scope.childScopes.find((s) => s.type === "module") ?? scope;

        // Server-only statements: the loader/action/headers exports, then (until nothing
        // changes) unexported module-level helpers used only from server-only statements.
        const serverOnly = new Set();
        for (const statement of program.body) {
          // Only as functions: `export const headers = make()` runs `make` at module load, in the browser too.
          if (
            isExported(statement) &&
            declaredNames(statement).some((name) => SERVER_EXPORTS.has(name)) &&
            declaresOnlyFunctions(statement.declaration ?? statement)
          ) {
            serverOnly.add(statement);
          }
        }
        const valueRefs = (variable) =>
          variable.references.filter((ref) => !ref.init && ref.isValueReference !== false);
        let grew = true;
        while (grew) {
          grew = false;
          for (const statement of program.body) {
            if (serverOnly.has(statement) || isExported(statement) || !declaresOnlyFunctions(statement)) continue;
            const names = declaredNames(statement);
            if (names.length === 0) continue;
            const used = names.flatMap((name) => {
              const variable = moduleScope.set.get(name);
              return variable ? valueRefs(variable) : [];
            });
            const outside = used.filter((ref) => topLevelStatement(ref.identifier) !== statement);
            if (outside.length > 0 && outside.every((ref) => serverOnly.has(topLevelStatement(ref.identifier)))) {
              serverOnly.add(statement);
              grew = true;
            }
          }
        }

        for (const variable of serverVariables) {
          for (const ref of valueRefs(variable)) {
            if (serverOnly.has(topLevelStatement(ref.identifier))) continue;
            context.report({ node: ref.identifier, messageId: "clientUse", data: { name: variable.name } });
          }
        }
      },
    };
  },
};

export default {
  meta: { name: "local" },
  rules: { "no-server-value-in-client": noServerValueInClient },
};
