import { TEST_OPERATOR_PASSWORD } from "../../tests/support/server";
import { expect, test } from "../fixtures";

test("the operator logs in through the form and logs out again, for good", async ({ page, context, baseURL }) => {
  await page.goto("/admin/operator");
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Foperator$/);

  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("That password is not right.");

  await page.getByLabel("Password").fill(TEST_OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin\/operator$/);
  await expect(page.getByRole("heading", { name: "Admin" })).toBeVisible();

  const copy = (await context.cookies()).find((cookie) => cookie.name === "labs_op")!;

  await page.getByRole("button", { name: "Log out", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin/operator");
  await expect(page).toHaveURL(/\/admin\/login/);

  // A copy of the cookie taken before the logout opens nothing any more.
  await context.addCookies([{ name: copy.name, value: copy.value, url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
  await page.goto("/admin/operator");
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("the login fixture opens the operator dashboard directly", async ({ page, login }) => {
  await login();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Labs", level: 1 })).toBeVisible();
  await expect(page.getByTestId("db-health")).toHaveText("Database: ok");
});
