// Debian's Chromium, never a downloaded browser; the networking flags keep it
// from calling home on a closed network. The browser tests and the benches
// that drive pages launch it the same way.
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
  ],
};
