// `npm run restart:rolling -- --instances http://127.0.0.1:3001,http://127.0.0.1:3002 --command "systemctl restart charity@{port}"`
// Restarts the app instances behind the proxy one at a time: runs the command for one instance,
// waits until its /healthz answers 200, then goes on to the next, so at least one instance serves
// at every moment. The proxy (deploy/nginx.conf) sends requests to the others meanwhile; each
// instance finishes its requests before it exits (SIGTERM). docs/operations.md, "Releasing".
import { spawnSync } from "node:child_process";
import { waitHealthy } from "./lib/cluster";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const instances = (option("instances") ?? process.env.APP_INSTANCES ?? "").split(",").filter(Boolean);
const command = option("command") ?? process.env.RESTART_COMMAND;
if (instances.length === 0 || !command) {
  console.error(
    'Usage: npm run restart:rolling -- --instances URL[,URL…] --command "restart command with {url} or {port}"',
  );
  process.exit(2);
}

for (const url of instances) {
  const { port } = new URL(url);
  const line = command.replaceAll("{url}", url).replaceAll("{port}", port);
  console.log(`restarting ${url}: ${line}`);
  const result = spawnSync(line, { shell: true, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`the restart command failed (exit ${result.status}); the other instances were not touched`);
    process.exit(1);
  }
  await waitHealthy(url, 60_000).catch((error: Error) => {
    console.error(`${error.message}; stopping here so the other instances keep serving`);
    process.exit(1);
  });
  console.log(`${url} is healthy`);
}
console.log("rolling restart done");
