// Server imports (app/routes/_imports/, never a route; names only, no logic): what app/routes/admin+/_layout.tsx needs of the server, in one
// module. The browser build swaps each `.server` import, and @remix-run/node, for an empty stub;
// a stub several routes import becomes a chunk of its own (about 110 bytes gzipped, loaded by
// every page that has one of them), while a stub only one route imports stays in its script.
export { redirect } from "@remix-run/node";
