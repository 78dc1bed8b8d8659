import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart, ChartTable, niceMax } from "~/components/admin/bar-chart";

describe("bar chart", () => {
  it("rounds the axis up to 1, 2 or 5 times a power of ten", () => {
    expect(niceMax(0)).toBe(100);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(101)).toBe(200);
    expect(niceMax(200)).toBe(200);
    expect(niceMax(180_000)).toBe(200_000);
    expect(niceMax(250_001)).toBe(500_000);
    expect(niceMax(600_000)).toBe(1_000_000);
  });

  it("is hidden from assistive technology, draws a bar per positive value and none for 0 or a net refund", () => {
    const html = renderToStaticMarkup(
      createElement(BarChart, {
        bars: [
          { key: "a", shortLabel: "Jan 26", pence: 1000 },
          { key: "b", shortLabel: "Feb 26", pence: 0 },
          { key: "c", shortLabel: "Mar 26", pence: -500 },
          { key: "d", shortLabel: "Apr 26", pence: 250 },
        ],
      }),
    );
    expect(html).toMatch(/^<svg[^>]* aria-hidden="true"/);
    expect(html.match(/<rect /g)).toHaveLength(2);
    expect(html).toContain('fill="currentColor"');
    expect(html).toContain("dark:text-brand-300");
    for (const label of ["Jan 26", "Feb 26", "Mar 26", "Apr 26"]) expect(html).toContain(`>${label}<`);
  });

  it("labels only every nth bar when crowded, always the latest", () => {
    const bars = Array.from({ length: 24 }, (_, i) => ({ key: String(i), shortLabel: `m${i}`, pence: i }));
    const html = renderToStaticMarkup(createElement(BarChart, { bars, labelEvery: 4 }));
    expect(html).toContain(">m23<");
    expect(html).toContain(">m19<");
    expect(html).not.toContain(">m22<");
  });

  it("gives its table a caption, column headers and row headers", () => {
    const html = renderToStaticMarkup(
      createElement(ChartTable, {
        caption: "Money per month",
        rowHeading: "Month",
        columns: ["Received"],
        rows: [{ key: "2026-01", label: "January 2026", values: [12_345] }],
      }),
    );
    expect(html).toContain("<caption");
    expect(html).toContain('<th scope="col" class="px-2 py-1 text-left font-semibold">Month</th>');
    expect(html).toContain('<th scope="row"');
    expect(html).toContain("£123.45");
  });
});
