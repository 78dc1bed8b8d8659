import SQLite from "better-sqlite3";
const counts = new Map<string, number>();
const orig = SQLite.prototype.prepare;
(SQLite.prototype as any).prepare = function (sql: string) { counts.set(sql, (counts.get(sql) ?? 0) + 1); return orig.call(this, sql); };
process.env.DATABASE_URL = "file:/tmp/an-count/db.sqlite";
process.env.PUBLIC_FORM_LIMIT_PER_MINUTE = "1000"; process.env.BACKUP="off";
const { migrateToLatest } = await import("../app/infra/db.server");
const { getDb } = await import("../app/infra/db.server");
await migrateToLatest(getDb());
const { action } = await import("../app/routes/_public+/donate/route");
const post = (i: number) => new Request("http://localhost/donate", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ type: "one-time", amount: "25", firstName: "A", lastName: "B", email: `x${i}@example.org`, payBy: "bank" }) });
for (let i = 0; i < 3; i++) await action({ request: post(i), params: {}, context: {} } as any);
counts.clear();
for (let i = 3; i < 13; i++) { const r = await action({ request: post(i), params: {}, context: {} } as any) as Response; if (i===3) console.log(r.status, r.headers.get("location")); }
for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1])) console.log(v / 10, k.slice(0, 160));
