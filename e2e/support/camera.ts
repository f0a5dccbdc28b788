import { chromium, devices, type Browser, type Page } from "@playwright/test";

export type CameraTest = { page: Page; browser: Browser };

/**
 * A phone browser of its own whose camera plays `videoFile` (a .y4m from
 * barcode-video.ts); the shared browser has no fake camera. Close `browser`
 * when done.
 */
export async function withCamera(
  launchOptions: { executablePath?: string; args?: string[] },
  baseURL: string,
  videoFile: string,
  extraArgs: string[] = ["--use-fake-ui-for-media-stream"],
): Promise<CameraTest> {
  const browser = await chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      ...extraArgs,
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  });
  const context = await browser.newContext({ ...devices["Pixel 7"], baseURL });
  return { browser, page: await context.newPage() };
}
