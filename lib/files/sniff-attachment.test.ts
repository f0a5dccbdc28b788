import { describe, expect, it } from "vitest";
import { cleanFilename, sniffAttachmentType } from "@/lib/files/sniff-attachment";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? Array.from(part, (c) => c.charCodeAt(0)) : part)));

describe("sniffAttachmentType", () => {
  it.each([
    ["PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a], "rest"), "image/png"],
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"), "image/jpeg"],
    ["GIF", bytes("GIF89a", [1, 0]), "image/gif"],
    ["WebP", bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "), "image/webp"],
    ["PDF", bytes("%PDF-1.7\n"), "application/pdf"],
    ["AVIF", bytes([0, 0, 0, 0x1c], "ftypavif"), "image/avif"],
    ["HEIC", bytes([0, 0, 0, 0x18], "ftypheic"), "image/heic"],
  ])("recognises %s", (_label, data, type) => {
    expect(sniffAttachmentType(data)).toBe(type);
  });

  it.each([
    ["HTML", bytes("<!doctype html><script>")],
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ["SVG with an XML prolog", bytes('<?xml version="1.0"?><svg>')],
    ["an MP4 video", bytes([0, 0, 0, 0x18], "ftypmp42")],
    ["a ZIP", bytes("PK", [3, 4])],
    ["nothing", bytes()],
  ])("refuses %s", (_label, data) => {
    expect(sniffAttachmentType(data)).toBeNull();
  });
});

describe("cleanFilename", () => {
  it.each([
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\me\\shot.png", "shot.png"],
    ['evil"\r\nX-Header: 1.png', "evilX-Header: 1.png"],
    ["", "attachment"],
    [undefined, "attachment"],
  ])("%j → %j", (input, expected) => {
    expect(cleanFilename(input)).toBe(expected);
  });
});
