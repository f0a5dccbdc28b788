import { expect, test } from "../fixtures";

test("a browser following /legacy-ask/ lands on the Ask page", async ({ page }) => {
  const response = await page.goto("/legacy-ask/");
  await expect(page).toHaveURL(/\/base-ask\/$/);
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/legacy-ask\/$/);
  await expect(page.getByRole("heading", { name: "Ask", level: 1 })).toBeVisible();
});
