import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures";
import { unique } from "../../tests/support/factories";

test("the item page charts a line per source with a dot per priced observation", async ({ page, login, api }) => {
  await login();
  const name = unique("Chart camera");
  const observe = async (fields: Record<string, unknown>) => {
    const { status, data } = await api.post<{ item_id: number }>("/base-research/api/observe", {
      item_name: name,
      ...fields,
    });
    expect(status).toBe(200);
    return data.item_id;
  };
  const itemId = await observe({ source: "Alfa", price: "10,00", item_category: "camera", item_spec: "24 MP" });
  await observe({ source: "Alfa", price: "12,00" });
  await observe({ source: "Alfa", availability: "oos" }); // no price: a row, not a dot
  await observe({ source: "Alfa", price: "9,00", availability: "in_stock" });
  await observe({ source: "Beta", price: "20,00", url: "https://beta.example/cam" });
  await observe({ source: "Beta", price: "18,00" });

  await page.goto(`/base-research/items/${itemId}`);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("camera · 24 MP")).toBeVisible();

  // One line per source, in legend order; recharts draws the dots in a layer
  // of their own, each filled with its line's colour.
  const chart = page.getByTestId("price-chart");
  const lines = chart.locator(".recharts-line-curve");
  await expect(lines).toHaveCount(2);
  await expect(chart.locator(".recharts-legend-item-text")).toHaveText(["Alfa", "Beta"]);
  const strokes = await lines.evaluateAll((paths) => paths.map((path) => path.getAttribute("stroke")));
  expect(new Set(strokes).size).toBe(2);
  await expect(chart.locator(`.recharts-line-dot[fill="${strokes[0]}"]`)).toHaveCount(3);
  await expect(chart.locator(`.recharts-line-dot[fill="${strokes[1]}"]`)).toHaveCount(2);
  await expect(chart.locator(".recharts-line-dot")).toHaveCount(5);
  // Prices on the axis in euros.
  await expect(chart.locator(".recharts-yAxis-tick-labels")).toContainText("€");

  const bySource = page.getByTestId("by-source");
  await expect(bySource.getByRole("listitem")).toHaveCount(2);
  await expect(bySource.locator('[data-source="Alfa"]')).toContainText(
    /Alfa.*In stock.*Latest €9\.00.*min €9\.00 · max €12\.00/s,
  );
  await expect(bySource.locator('[data-source="Beta"]')).toContainText(
    /Beta.*Unknown.*Latest €18\.00.*min €18\.00 · max €20\.00/s,
  );

  await expect(page.getByTestId("item-observations").locator("tbody tr")).toHaveCount(6);
});

for (const path of ["/base-research/items/2000000000", "/base-research/items/abc", "/base-research/items/0"]) {
  test(`${path} is the 404 page`, async ({ page, login }) => {
    await login();
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  });
}

test("the session page shows its context, items, observations and notes", async ({ page, login, api }) => {
  await login();
  const slug = `gpus-${randomUUID().slice(0, 8)}`;
  const gpu = unique("GPU");
  await api.post("/base-research/api/observe", {
    item_name: gpu,
    source: "Worten",
    price: "499,90",
    session_slug: slug,
    session_title: "GPUs under 500",
    session_context: "Find a quiet GPU\nunder 500 €.",
  });
  await api.post("/base-research/api/observe", { item_name: gpu, source: "Fnac", price: "479", session_slug: slug });
  await api.post("/base-research/api/note", { content: "Also check used ones", session_slug: slug });

  await page.goto(`/base-research/sessions/${slug}`);
  await expect(page.getByRole("heading", { name: "GPUs under 500", level: 1 })).toBeVisible();
  await expect(page.getByTestId("session-context")).toHaveText("Find a quiet GPU\nunder 500 €.");
  const items = page.getByTestId("session-items");
  await expect(items.getByRole("link", { name: gpu })).toBeVisible();
  await expect(items).toContainText("2 observations");
  await expect(items).toContainText("€479.00");
  await expect(page.getByTestId("session-observations").locator("tbody tr")).toHaveCount(2);
  await expect(page.getByTestId("session-notes")).toContainText("Also check used ones");

  // From the dashboard the session is one click away.
  await page.goto("/base-research/");
  await page.getByTestId("sessions").getByRole("link", { name: "GPUs under 500" }).click();
  await expect(page).toHaveURL(new RegExp(`/base-research/sessions/${slug}$`));
});

test("a session whose slug has spaces and accents opens from its link", async ({ page, login, api }) => {
  await login();
  const slug = `viagem à praia ${randomUUID().slice(0, 6)}`;
  await api.post("/base-research/api/observe", {
    item_name: unique("Guarda-sol"),
    source: "Worten",
    session_slug: slug,
    session_title: "Praia",
  });
  await page.goto("/base-research/");
  await page.getByTestId("sessions").getByRole("link", { name: "Praia" }).first().click();
  await expect(page.getByRole("heading", { name: "Praia", level: 1 })).toBeVisible();
  await expect(page.getByText(slug)).toBeVisible();
});

// Unknown, and blank once decoded.
for (const slug of ["no-such-session", "%20"]) {
  test(`session ${slug} is the 404 page`, async ({ page, login }) => {
    await login();
    const response = await page.goto(`/base-research/sessions/${slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  });
}
