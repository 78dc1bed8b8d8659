// db/schema.ts is written by hand beside the migrations; this test reads the freshly migrated
// database through Kysely's introspection and compares it with what schema.ts declares: the same
// tables, the same columns, each nullable exactly when its type admits null, and of the same
// kind (text, number or bytes). It runs on SQLite and again on PostgreSQL.
import path from "node:path";
import ts from "typescript";
import { sql, type ColumnMetadata } from "kysely";
import { describe, expect, it } from "vitest";
import { databaseEngine, getDb } from "~/infra/db.server";

type Kind = "text" | "number" | "bytes";

interface DeclaredColumn {
  nullable: boolean;
  kind: Kind | "mixed";
}

const SCHEMA_FILE = path.resolve("db/schema.ts");

let declared: Map<string, Map<string, DeclaredColumn>> | undefined;

/** Every table of db/schema.ts's `Database` interface, with its columns' select types. */
function declaredSchema(): Map<string, Map<string, DeclaredColumn>> {
  declared ??= readSchemaFile();
  return declared;
}

function readSchemaFile(): Map<string, Map<string, DeclaredColumn>> {
  // The ES5 library (arrays, for the role list's type), Node's types (Buffer) and Kysely's:
  // enough to read the column types, and quicker than the whole project's.
  const program = ts.createProgram([SCHEMA_FILE], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    lib: ["lib.es5.d.ts"],
    types: ["node"],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE)!;
  const database = source.statements.find(
    (node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === "Database",
  )!;
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      let type = checker.getTypeOfSymbol(column);
      // ColumnType<Select, Insert, Update> and Generated<T>: what a select returns.
      const select = type.getProperty("__select__");
      if (select) type = checker.getTypeOfSymbol(select);
      columns.set(column.name, describeColumn(checker, type));
    }
    tables.set(table.name, columns);
  }
  return tables;
}

function describeColumn(checker: ts.TypeChecker, type: ts.Type): DeclaredColumn {
  const members = type.isUnion() ? type.types : [type];
  const kinds = new Set<Kind>();
  let nullable = false;
  for (const member of members) {
    if (member.flags & ts.TypeFlags.Null) nullable = true;
    else if (member.flags & ts.TypeFlags.StringLike) kinds.add("text");
    else if (member.flags & ts.TypeFlags.NumberLike) kinds.add("number");
    else if (/^(Buffer|Uint8Array)/.test(checker.typeToString(member))) kinds.add("bytes");
    else throw new Error(`db/schema.ts: a column of type ${checker.typeToString(member)} is not text, number or bytes`);
  }
  return { nullable, kind: kinds.size === 1 ? [...kinds][0] : "mixed" };
}

/** What kind of value a database column type holds, on either engine. */
function kindOf(dataType: string): Kind | string {
  const type = dataType.toLowerCase();
  if (["text", "varchar", "citext", "char", "bpchar"].includes(type)) return "text";
  if (["integer", "int", "int2", "int4", "int8", "bigint", "real", "float4", "float8", "numeric"].includes(type)) {
    return "number";
  }
  if (["blob", "bytea"].includes(type)) return "bytes";
  return type;
}

/**
 * Site search's tables (0042) differ by engine (FTS5 and its shadow tables on SQLite, tsvector
 * columns on PostgreSQL) and are read only through app/infra/search-index.server.ts, so
 * db/schema.ts does not declare them.
 */
const engineOwnTable = (name: string) => name.startsWith("search_");

async function migratedSchema(): Promise<Map<string, ColumnMetadata[]>> {
  const tables = (await getDb().introspection.getTables()).filter((table) => !engineOwnTable(table.name));
  return new Map(tables.map((table) => [table.name, table.columns]));
}

/**
 * SQLite's primary key columns, which it reports as nullable unless declared NOT NULL (an old
 * SQLite quirk: only INTEGER PRIMARY KEY is never null); the app never writes null to a key.
 */
async function sqlitePrimaryKeys(table: string): Promise<Set<string>> {
  if (databaseEngine(getDb()) !== "sqlite") return new Set();
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0`.execute(
    getDb(),
  );
  return new Set(rows.map((row) => row.name));
}

describe(`db/schema.ts and the migrated database (${databaseEngine(getDb())})`, () => {
  it("have the same tables", async () => {
    const declared = [...declaredSchema().keys()].sort();
    const migrated = [...(await migratedSchema()).keys()].sort();
    expect(declared).toEqual(migrated);
  });

  it("have the same columns in every table, alike in nullability and kind", async () => {
    const declared = declaredSchema();
    const migrated = await migratedSchema();
    const differences: string[] = [];
    for (const [table, columns] of migrated) {
      const declaredColumns = declared.get(table);
      if (!declaredColumns) continue;
      const keys = await sqlitePrimaryKeys(table);
      for (const column of columns) {
        const expected = declaredColumns.get(column.name);
        const where = `${table}.${column.name}`;
        if (!expected) {
          differences.push(`${where}: in the database, not in db/schema.ts`);
          continue;
        }
        const nullable = column.isNullable && !column.isAutoIncrementing && !keys.has(column.name);
        if (nullable !== expected.nullable) {
          differences.push(
            `${where}: ${nullable ? "nullable" : "not null"} in the database, ${expected.nullable ? "nullable" : "not null"} in db/schema.ts`,
          );
        }
        const kind = kindOf(column.dataType);
        if (kind !== expected.kind) {
          differences.push(`${where}: ${column.dataType} in the database, ${expected.kind} in db/schema.ts`);
        }
      }
      for (const name of declaredColumns.keys()) {
        if (!columns.some((column) => column.name === name)) {
          differences.push(`${table}.${name}: in db/schema.ts, not in the database`);
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
