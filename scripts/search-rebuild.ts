// `npm run search:rebuild`: re-indexes everything site search finds (docs/search.md): every
// published article, every open appeal, the site's pages, projects and publications (with the text
// of their PDFs), in one transaction; documents of things that no longer exist go. Safe to run at
// any time, beside a running server.
import { ConfigError, parseEnv } from "../app/infra/env.server";
import { openDatabase } from "../app/infra/db.server";
import { rebuildSearchIndex } from "../app/publishing/services/search.server";

async function main() {
  const env = parseEnv();
  const db = openDatabase(env.DATABASE_URL);
  try {
    const { documents } = await rebuildSearchIndex(db);
    console.log(`Search index rebuilt: ${documents} documents.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Search rebuild failed: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
