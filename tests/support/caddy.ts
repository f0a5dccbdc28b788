import { spawn } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect } from "node:tls";
import { freePort } from "./server";

// Caddy, Debian's package, in front of a Labs server on loopback as
// docs/https-at-home.md sets it up: a name of the household's network, a
// certificate from Caddy's own authority (`tls internal`), every request
// passed on to Labs with X-Forwarded-For, -Proto and -Host.

export const CADDY = process.env.CADDY_PATH || "/usr/bin/caddy";
export const caddyIsInstalled = () => existsSync(CADDY);

export type RunningCaddy = {
  /** https://<name>:<port> */
  origin: string;
  port: number;
  /** The served certificate's public key as Chromium's --ignore-certificate-errors-spki-list takes it. */
  spki: string;
  stop: () => Promise<void>;
};

/** Caddy serving `name` over https on a free port of 127.0.0.1, passing requests to Labs on `upstreamPort`. */
export async function startCaddy({
  name,
  upstreamPort,
}: {
  name: string;
  upstreamPort: number;
}): Promise<RunningCaddy> {
  const [port, httpPort] = [await freePort(), await freePort()];
  // Its authority, certificates and settings in a folder of its own, never the user's.
  const home = mkdtempSync(path.join(tmpdir(), "labs-caddy-"));
  const caddyfile = path.join(home, "Caddyfile");
  writeFileSync(
    caddyfile,
    `{
	admin off
	skip_install_trust
	http_port ${httpPort}
	https_port ${port}
	auto_https disable_redirects
}

${name}:${port} {
	bind 127.0.0.1
	tls internal
	reverse_proxy 127.0.0.1:${upstreamPort}
}
`,
  );
  const child = spawn(CADDY, ["run", "--adapter", "caddyfile", "--config", caddyfile], {
    env: {
      ...process.env,
      HOME: home,
      XDG_DATA_HOME: path.join(home, "data"),
      XDG_CONFIG_HOME: path.join(home, "config"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    }).then(() => rmSync(home, { recursive: true, force: true }));

  // Ready once it completes a handshake for the name with a certificate of its authority.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const certificate = await servedCertificate(port, name).catch(() => null);
    if (certificate?.subjectAltName?.includes(`DNS:${name}`)) {
      const key = certificate.publicKey.export({ type: "spki", format: "der" });
      return { origin: `https://${name}:${port}`, port, spki: createHash("sha256").update(key).digest("base64"), stop };
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`Caddy did not serve https://${name}:${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The certificate 127.0.0.1:`port` presents for `name`, not checked against any authority. */
function servedCertificate(port: number, name: string): Promise<X509Certificate> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port, servername: name, rejectUnauthorized: false }, () => {
      const raw = socket.getPeerCertificate().raw;
      socket.end();
      if (raw) resolve(new X509Certificate(raw));
      else reject(new Error("no certificate"));
    });
    socket.once("error", reject);
  });
}
