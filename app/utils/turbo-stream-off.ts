// Stands in for the `turbo-stream` package in the browser build (tsconfig.json `paths`, which the
// classic compiler's esbuild applies to node_modules too). Remix reads turbo-stream only when its
// single fetch is on (`future.v3_singleFetch`), which this app leaves off (remix.config.js), yet
// its browser code imports the decoder all the same: 1.2 KB gzipped on every page for nothing.
// tests/unit/page-weight.test.ts fails if single fetch is turned on while this stands in.

const off = (): never => {
  throw new Error("turbo-stream is stubbed out: single fetch is off (see tsconfig.json paths)");
};

export const decode = off;
export const encode = off;
