import { TEST_OPERATOR_PASSWORD } from "../../tests/support/server";
import { expect, test } from "../fixtures";

test("the operator logs in through the form and logs out again", async ({ page }) => {
  await page.goto("/admin/operator");
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Foperator$/);

  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("That password is not right.");

  await page.getByLabel("Password").fill(TEST_OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin\/operator$/);
  await expect(page.getByRole("heading", { name: "Admin" })).toBeVisible();

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin/operator");
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("the login fixture opens the operator dashboard directly", async ({ page, login }) => {
  await login();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Labs", level: 1 })).toBeVisible();
  await expect(page.getByTestId("db-health")).toHaveText("Database: ok");
});
