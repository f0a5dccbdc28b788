import type { PageState } from "./types";

// The operator's pages: the dashboard, admin (and its MCP snippets), the API reference, the login
// page, the pairing page a stranger meets, and a page that does not exist.

export function labsPages(): PageState[] {
  return [
    { name: "labs-dashboard", path: "/", operator: true },
    { name: "labs-admin", path: "/admin/operator", operator: true },
    {
      name: "labs-admin-mcp",
      path: "/admin/operator",
      operator: true,
      // How to connect an agent, folded until wanted.
      open: async (page) => {
        await page.locator("summary").filter({ hasText: "MCP" }).first().click();
        await page.locator("#mcp-json").waitFor();
      },
    },
    { name: "labs-api-docs", path: "/api/docs" },
    { name: "labs-login", path: "/admin/login" },
    { name: "labs-pair", path: "/labs/pair" },
    { name: "labs-not-found", path: "/no-such-page" },
  ];
}
