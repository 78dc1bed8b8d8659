import { expect, test } from "@playwright/test";
import { SERVER_ONLY } from "./support/projects";

const mainNav = [
  ["Home", "/"],
  ["About", "/about"],
  ["Projects", "/projects"],
  ["Get Involved", "/get-involved"],
  ["Events", "/events"],
  ["Publications", "/publications"],
  ["News", "/news"],
] as const;

test.describe("navigation bar", () => {
  test("has every main link, the Donate Now button and marks the current page", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [label, href] of mainNav) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("banner").getByRole("link", { name: "Donate Now" })).toHaveAttribute("href", "/donate");
  });

  test("submenus open on hover", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Our Team" })).toBeHidden();
    await nav.getByRole("link", { name: "About", exact: true }).hover();
    for (const [label, href] of [
      ["Contact Us", "/contact"],
      ["Our Team", "/about/team"],
      ["History", "/about/history"],
      ["FAQ", "/about/faq"],
    ]) {
      await expect(nav.getByRole("link", { name: label })).toHaveAttribute("href", href);
      await expect(nav.getByRole("link", { name: label })).toBeVisible();
    }
    await nav.getByRole("link", { name: "Projects", exact: true }).hover();
    for (const [label, href] of [
      ["Food and Flood Relief", "/projects/flood-relief"],
      ["Primary Care Assistance", "/projects/primary-care"],
      ["Educational Assistance", "/projects/education"],
      ["Public Health Supports", "/projects/public-health"],
    ]) {
      await expect(nav.getByRole("link", { name: label })).toHaveAttribute("href", href);
      await expect(nav.getByRole("link", { name: label })).toBeVisible();
    }
  });

  test("Tab from the top of /donate reaches the main content without passing hidden submenu links", async ({
    page,
  }) => {
    await page.goto("/donate");
    const nav = page.getByRole("navigation", { name: "Main" });
    // Every link of a submenu: each is shown only when asked (JavaScript on) or not at all (off).
    const submenuLinks = await nav.locator("li li a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(submenuLinks.length).toBeGreaterThanOrEqual(8);
    const passed: { href: string | null; inMain: boolean; shown: boolean }[] = [];
    for (let tab = 0; tab < 40; tab += 1) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return { href: el.getAttribute("href"), inMain: !!el.closest("main"), shown: el.checkVisibility() };
      });
      passed.push(focused);
      if (focused.inMain) break;
    }
    expect(passed.at(-1)?.inMain, "Tab reached the main content").toBe(true);
    // Nothing Tab stopped at was hidden, and no submenu link was on the way.
    expect(passed.filter((stop) => !stop.shown)).toEqual([]);
    expect(passed.filter((stop) => submenuLinks.includes(stop.href))).toEqual([]);
    // Without JavaScript the section's own link leads to its pages: nothing is out of reach.
    await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute("href", "/about");
  });

  test("has a skip link to the main content and the page landmarks", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toHaveAttribute("href", "#main");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("is collapsed, opens to show every link and submenu link, and navigates", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByText("Menu", { exact: true });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Publications" })).toBeHidden();
    await menu.click();
    for (const [label] of mainNav) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Our Team" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Public Health Supports" })).toBeVisible();
    await menu.click();
    await expect(nav.getByRole("link", { name: "Publications" })).toBeHidden();
    await menu.click();
    await nav.getByRole("link", { name: "Publications" }).click();
    await expect(page).toHaveURL(/\/publications$/);
  });
});

test.describe("footer", () => {
  test(
    "has every required link, the partnership and sister-chapter links, and the registration numbers",
    SERVER_ONLY,
    async ({ page }) => {
      await page.goto("/");
      const footer = page.getByRole("contentinfo");
      for (const href of [
        "/about",
        "/news",
        "/get-involved",
        "/contact",
        "/privacy",
        "/terms",
        "/admin/login",
        "/projects/palliative-care",
        "/projects/water-filtration",
        "/projects/gender-equality",
        "/projects/flood-relief",
      ]) {
        await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
      }
      await expect(footer.getByRole("link", { name: /Sister chapter/ })).toHaveCount(2);
      for (const social of ["Facebook", "LinkedIn", "WhatsApp"]) {
        const link = footer.getByRole("link", { name: new RegExp(social) });
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      }
      await expect(footer.getByRole("link", { name: "Corporate Partnership Form" })).toBeVisible();
      await expect(footer.getByRole("link", { name: "Community Partnership Form" })).toBeVisible();
      await expect(footer).toContainText("Registered charity number");
      await expect(footer).toContainText("Company number");
    },
  );
});

test.describe("documents", () => {
  // A page that is never shared (the sign-in page): every script carries this response's
  // nonce. Shared public pages allow their scripts by hash instead (page-cache.spec.ts).
  test("carry the security headers, with a nonce on every script", async ({ page }) => {
    const response = await page.goto("/admin/login");
    const headers = response!.headers();
    const csp = headers["content-security-policy"];
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["permissions-policy"]).toBeTruthy();

    const html = await response!.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    const second = await page.request.get("/admin/login");
    expect(second.headers()["content-security-policy"]).not.toContain(nonce);
  });

  test("shared public pages carry the same security headers", SERVER_ONLY, async ({ request }) => {
    const headers = (await request.get("/")).headers();
    const csp = headers["content-security-policy"];
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["permissions-policy"]).toBeTruthy();
  });

  test("each page has its own title", SERVER_ONLY, async ({ page }) => {
    await page.goto("/");
    const home = await page.title();
    await page.goto("/this-page-does-not-exist");
    expect(await page.title()).not.toBe(home);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the bar keeps the name and the Donate Now button on one line each", async ({ page }) => {
    await page.goto("/");
    const donate = page.getByRole("banner").getByRole("link", { name: "Donate Now" });
    const box = await donate.boundingBox();
    // One 20 px line plus 16 px of padding is 36 px; a wrapped label would be 56 px.
    expect(box!.height).toBeLessThan(45);
    const header = await page.getByRole("banner").boundingBox();
    expect(header!.height).toBeLessThan(90);
  });

  for (const width of [360, 390]) {
    test(`at ${width} px nothing in the bar covers the charity's name or leaves the screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto("/");
      const banner = page.getByRole("banner");
      const name = await banner.getByRole("link", { name: "Community Health Aid UK" }).boundingBox();
      const donate = await banner.getByRole("link", { name: "Donate Now" }).boundingBox();
      expect(name!.x + name!.width).toBeLessThanOrEqual(donate!.x);
      const menu = await banner.getByText("Menu", { exact: true }).locator("..").boundingBox();
      expect(menu!.x + menu!.width).toBeLessThanOrEqual(width);
    });
  }
});

test.describe("on a small laptop", () => {
  for (const width of [1024, 1366]) {
    test(`at ${width} px each main link keeps to one line and the search box shows its placeholder`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 700 });
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      const home = await nav.getByRole("link", { name: "Home" }).boundingBox();
      // "Get Involved" is the longest label: wrapped, it would be two lines high.
      const getInvolved = await nav.getByRole("link", { name: "Get Involved" }).boundingBox();
      expect(getInvolved!.height).toBeLessThanOrEqual(home!.height + 1);
      const field = await page.getByRole("banner").getByRole("searchbox").boundingBox();
      expect(field!.width).toBeGreaterThanOrEqual(80);
      const donate = await page.getByRole("banner").getByRole("link", { name: "Donate Now" }).boundingBox();
      expect(donate!.x + donate!.width).toBeLessThanOrEqual(width);
    });
  }
});
