// `npm test` runs this after Playwright: the e2e server's whole output (E2E_LOG_FILE, or the
// path given) must hold no password, token, session secret or e-mail address of the test data.
// It looks for the known secrets (the admin password and session secret in
// playwright.config.ts, password literals and e-mail addresses in tests/e2e) and, since tests
// make fresh ones at run time, for anything shaped like an e-mail address or a session/API
// token (32 random bytes, base64url). Exits 1 naming the lines (with the secret masked).
import fs from "node:fs";
import path from "node:path";

const file = process.argv[2] ?? process.env.E2E_LOG_FILE;
if (!file || !fs.existsSync(file)) {
  console.error(`Log check: no log file (${file ?? "E2E_LOG_FILE unset"}); run it after Playwright.`);
  process.exit(1);
}

function configValue(name: string): string | undefined {
  if (process.env[name]) return process.env[name];
  const config = fs.readFileSync("playwright.config.ts", "utf8");
  return new RegExp(`${name} \\?\\?= "([^"]+)"`).exec(config)?.[1];
}

function e2eSources(): string[] {
  return fs
    .readdirSync("tests/e2e", { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => fs.readFileSync(path.join("tests/e2e", name), "utf8"));
}

const literals = new Set<string>();
for (const name of ["E2E_ADMIN_PASSWORD", "E2E_SESSION_SECRET"]) {
  const value = configValue(name);
  if (value) literals.add(value);
}
for (const source of e2eSources()) {
  for (const [, literal] of source.matchAll(/["'`]([^"'`\s${}]{6,})["'`]/g)) {
    // Password-like literals ("the-wrong-password", "NewPassw0rd!"), not the label "Password" and
    // not an address of the site ("/admin/forgot-password"), which the access log rightly shows.
    if (/pass/i.test(literal) && !/^password$/i.test(literal) && !literal.startsWith("/")) literals.add(literal);
  }
  for (const [address] of source.matchAll(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g)) literals.add(address);
}

const patterns: [string, RegExp][] = [
  ["e-mail address", /[\w.+%-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/i],
  ["token (32 random bytes, base64url)", /(?<![\w-])[\w-]{43}(?![\w-])/],
  ["bearer credential", /bearer\s+[\w.~+/-]{16,}/i],
];

const lines = fs.readFileSync(file, "utf8").split("\n");
const findings: string[] = [];
const mask = (line: string, secret: string) => line.split(secret).join("[…]").slice(0, 300);
lines.forEach((line, index) => {
  for (const literal of literals) {
    if (line.includes(literal)) findings.push(`line ${index + 1}: test secret or address: ${mask(line, literal)}`);
  }
  for (const [what, pattern] of patterns) {
    const match = pattern.exec(line);
    if (match) findings.push(`line ${index + 1}: ${what}: ${mask(line, match[0])}`);
  }
});

const structured = lines.filter((line) => line.startsWith("{") && line.includes('"event"')).length;
if (findings.length) {
  console.error(`Log check FAILED: ${findings.length} findings in ${file}:\n  ${findings.slice(0, 30).join("\n  ")}`);
  process.exit(1);
}
if (structured === 0) {
  console.error(`Log check FAILED: ${file} holds no structured log line with an event, so nothing was checked.`);
  process.exit(1);
}
console.log(
  `Log check OK: ${lines.length} lines (${structured} structured events) hold none of ${literals.size} known test secrets and addresses, no e-mail address and no token.`,
);
