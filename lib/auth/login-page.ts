import { localPath } from "@/lib/http/local-path";

// The login form as a complete HTML document. The same route serves it for
// GET and, with the error, for a refused POST (401), so it works without
// JavaScript and without a second copy of the form.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function loginPageHtml(options: { next: string; error?: string; variant?: string }): string {
  const { next, error, variant = "a" } = options;
  return `<!doctype html>
<html lang="en" data-ui="${escapeHtml(variant)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log in · Labs</title>
<style>
  body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100dvh}
  main{width:min(22rem,calc(100% - 2rem));background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 2px #0001}
  h1{font-size:1.5rem;margin:0 0 1rem}
  label{display:block;font-weight:600;margin-bottom:.25rem}
  input{box-sizing:border-box;width:100%;font:inherit;padding:.75rem;border:1px solid #94a3b8;border-radius:.5rem}
  button{margin-top:1rem;width:100%;font:inherit;font-weight:600;padding:.75rem;border:0;border-radius:.5rem;background:#1e40af;color:#fff}
  .error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:.5rem;padding:.5rem .75rem;margin-bottom:1rem}
  html[data-ui="d"] body{background:#000;color:#fff} html[data-ui="d"] main{background:#111;border-color:#fff}
</style>
</head>
<body>
<main>
  <h1>Operator login</h1>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
  <form method="post" action="/admin/login">
    <input type="hidden" name="next" value="${escapeHtml(next)}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
    <button type="submit">Log in</button>
  </form>
</main>
</body>
</html>`;
}

/** Only paths on our own origin: `next` must not send the operator to another host. */
export function safeNextPath(next: unknown): string {
  return localPath(next) ?? "/admin/operator";
}
