// The pairing page as a complete HTML document (like the login form): the
// phone that scanned the operator's QR code confirms here, so a link preview
// or a prefetch that only GETs the link never uses the one-time code.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function pairPageHtml(options: { code?: string; name?: string | null; error?: string }): string {
  const { code, name, error } = options;
  const body =
    code && name
      ? `<h1>Pair this phone</h1>
  <p>The operator invited this phone as <strong>${escapeHtml(name)}</strong>. Once paired it opens Labs for a year, until the operator removes it.</p>
  <form method="post" action="/labs/pair">
    <input type="hidden" name="code" value="${escapeHtml(code)}">
    <button type="submit">Pair this phone</button>
  </form>`
      : `<h1>This Labs is for its household</h1>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
  <p>To use it on this phone, ask the operator to show a pairing code (Admin, Paired devices) and scan it with the camera.</p>
  <p><a href="/admin/login">Operator login</a></p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pair this phone · Labs</title>
<style>
  body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100dvh}
  main{width:min(24rem,calc(100% - 2rem));background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem}
  h1{font-size:1.4rem;margin:0 0 1rem}
  button{margin-top:.5rem;width:100%;min-height:3rem;font:inherit;font-weight:600;border:0;border-radius:.5rem;background:#1e40af;color:#fff}
  a{color:#1d4ed8;display:inline-block;padding:.5rem 0}
  .error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:.5rem;padding:.5rem .75rem}
</style>
</head>
<body><main>
  ${body}
</main></body>
</html>`;
}
